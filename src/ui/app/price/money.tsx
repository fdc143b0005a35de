import type { DecimalString } from '../../../domain/types';
import { PriceFormatterProvider, useSharedPriceFormatter } from '../../hooks/price-formatter-provider';
import { Amount } from './amount';
import { PriceUnavailable } from './price-unavailable';

/**
 * An amount a selector or the server computed (a total, an order line) in the customer's currency,
 * or the loading / failure text of spec point 8 (the catalogue's price formatter decides which).
 */
export function Money({ amount, deposit = false }: { amount: DecimalString; deposit?: boolean }) {
  const price = useSharedPriceFormatter();
  if (!price)
    return (
      <PriceFormatterProvider>
        <Money amount={amount} deposit={deposit} />
      </PriceFormatterProvider>
    );
  if (price.status === 'hidden') return null;
  if (price.status === 'loading') return <span className="text-fg-muted">{price.texts.loading}</span>;
  if (price.status === 'failed') return <PriceUnavailable price={price} />;
  return <Amount>{deposit ? price.deposit(amount) : price.money(amount)}</Amount>;
}
