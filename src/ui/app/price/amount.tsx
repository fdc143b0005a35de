import type { ReactNode } from 'react';

/**
 * A formatted amount kept left to right, so that the currency symbol stays on the side the
 * locale's pattern puts it on: inside an Arabic line "1,234.50 €" would otherwise show its € on
 * the other side, and the same price would look different in a cell and in a sentence.
 */
export function Amount({ children, className = '' }: { children: string; className?: string }) {
  return (
    <bdi dir="ltr" className={`whitespace-nowrap tabular-nums ${className}`}>
      {children}
    </bdi>
  );
}

/** Marks where the amount goes in a translated sentence; never appears in a translation. */
const AMOUNT_MARK = '\u0000amount\u0000';

/**
 * A translated sentence with an amount in it ("+ €0.30 deposit per bottle"), the amount set as an
 * `Amount`. `translate` receives the value to pass as the sentence's amount placeholder.
 */
export function sentenceWithAmount(translate: (amount: string) => string, amount: string): ReactNode {
  const [before = '', ...rest] = translate(AMOUNT_MARK).split(AMOUNT_MARK);
  return (
    <>
      {before}
      <Amount>{amount}</Amount>
      {rest.join(amount)}
    </>
  );
}
