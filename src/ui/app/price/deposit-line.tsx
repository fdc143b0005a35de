import { Recycle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecimalString } from '../../../domain/types';
import { PriceFormatterProvider, useSharedPriceFormatter } from '../../hooks/price-formatter-provider';
import { sentenceWithAmount } from './amount';

/**
 * The deposit as its own line (decision 005: never folded into a price), in euro (spec point 9):
 * "+ €0.30 deposit per bottle" beside a unit price, "+ €1.80 deposit" beside a line amount.
 */
export function DepositLine({
  amount,
  unitName = null,
  className = '',
}: {
  /** a selector's figure on the customer's basis */
  amount: DecimalString;
  /** per which unit; null for a line's whole deposit */
  unitName?: string | null;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const price = useSharedPriceFormatter();
  if (!price)
    return (
      <PriceFormatterProvider>
        <DepositLine amount={amount} unitName={unitName} className={className} />
      </PriceFormatterProvider>
    );
  if (price.status !== 'ready') return null;
  const sentence = (formatted: string) =>
    unitName === null
      ? t('price.depositAmount', { amount: formatted })
      : t('price.depositPerUnit', { amount: formatted, unit: unitName });
  const formatted = price.deposit(amount);
  return (
    <span className={`inline-flex items-center gap-1 text-fg-muted ${className}`}>
      <Recycle aria-hidden="true" className="size-3.5 shrink-0" />
      {/* Only a right-to-left sentence turns the amount's € around; a left-to-right one stays one text. */}
      <span>{i18n.dir() === 'rtl' ? sentenceWithAmount(sentence, formatted) : sentence(formatted)}</span>
    </span>
  );
}
