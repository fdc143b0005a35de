import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { PriceFormatterProvider, useSharedPriceFormatter } from '../../hooks/price-formatter-provider';

/**
 * Names the customer's one price basis once per screen (decisions 005 and 007): "Prices incl. VAT" or
 * "Prices without VAT" (no VAT is added for that customer). Nothing for a demo user, who sees no prices.
 */
export function PriceBasisNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const basis = usePriceBasis();
  const price = useSharedPriceFormatter();
  if (!price)
    return (
      <PriceFormatterProvider>
        <PriceBasisNote className={className} />
      </PriceFormatterProvider>
    );
  if (price.status === 'hidden') return null;
  return (
    <p className={`inline-flex items-center gap-1 text-xs text-fg-muted ${className}`}>
      <Info aria-hidden="true" className="size-3.5 shrink-0" />
      {basis === 'gross' ? t('price.basisGross') : t('price.basisNet')}
    </p>
  );
}
