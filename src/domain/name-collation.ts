// Edges: strings in, order out (no money, no I/O).

/**
 * The page's first Intl.Collator loads ICU's collation data: 16–33 ms on this machine's Chromium at
 * full speed, every later collator next to nothing (built while a module was evaluated, it
 * was the largest part of the signed-in home's longest task). So collators are built on first use,
 * one per language and options, and `warmCollation` lets the shell pay that load in a task of its own.
 */
const collators = new Map<string, Intl.Collator>();

export function nameCollator(language: string | undefined, options: Intl.CollatorOptions): Intl.Collator {
  const key = `${language ?? ''}|${JSON.stringify(options)}`;
  let collator = collators.get(key);
  if (!collator) {
    collator = new Intl.Collator(language, options);
    collators.set(key, collator);
  }
  return collator;
}

/** Loads the collation data now, so the first sort of a signed-in screen does not wait for it. */
export function warmCollation(): void {
  new Intl.Collator().compare('a', 'b');
}
