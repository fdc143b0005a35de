import { useTranslation } from 'react-i18next';
import type { DecimalString } from '../../../domain/types';
import { usePriceFormatter } from '../../hooks/use-price-formatter';

/**
 * An amount a selector or the server computed (a total, an order line) in the customer's currency,
 * or the loading / failure text of spec point 8 (the catalogue's price formatter decides which).
 */
export function Money({ amount, deposit = false }: { amount: DecimalString; deposit?: boolean }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  if (price.status === 'hidden') return null;
  if (price.status === 'loading') return <span className="text-fg-muted">{t('priceFormatter.loading')}</span>;
  if (price.status === 'failed')
    return <span className="text-danger">{t('priceFormatter.failed', { error: price.message })}</span>;
  // Digits and the symbol read left to right inside an Arabic line.
  return (
    <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
      {deposit ? price.deposit(amount) : price.money(amount)}
    </bdi>
  );
}
