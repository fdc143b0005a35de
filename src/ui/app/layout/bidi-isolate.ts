/**
 * A name set into a translated sentence ("Welcome, Getränkekontor Hansa."), kept in its own
 * direction: the plain-text form of `<bdi>` (first-strong isolate … pop directional isolate), so it
 * also works where no element can go (option texts, aria attributes, one-string messages). Without
 * it an English name in an Arabic sentence pulls the full stop and the figures beside it to the
 * wrong end. A left-to-right sentence gets the name unchanged: its neutrals already fall back to
 * the sentence's own direction, and its text stays searchable as typed.
 */
export function bidiIsolate(direction: 'ltr' | 'rtl'): (text: string) => string {
  return direction === 'rtl' ? (text) => `\u2068${text}\u2069` : (text) => text;
}
