const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * `word` and every word one typo away from it (a letter changed, missing, added, or two
 * neighbours swapped), all spelled out: the plain reference the search's typo rule is checked
 * against.
 */
export function oneTypoAway(word: string): Set<string> {
  const variants = new Set([word]);
  for (let at = 0; at <= word.length; at += 1) {
    const [before, after] = [word.slice(0, at), word.slice(at)];
    for (const letter of LETTERS) {
      variants.add(before + letter + after);
      if (after) variants.add(before + letter + after.slice(1));
    }
    if (after) variants.add(before + after.slice(1));
    if (after.length >= 2) variants.add(before + (after[1] ?? '') + (after[0] ?? '') + after.slice(2));
  }
  return variants;
}
