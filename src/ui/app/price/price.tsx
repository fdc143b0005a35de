import { useTranslation } from 'react-i18next';
import type { DecimalString } from '../../../domain/types';
import { usePriceFormatter } from '../../hooks/use-price-formatter';

interface PriceProps {
  /** the price the customer pays (a display price, decimal string) */
  current: DecimalString;
  /** the regular price, struck through beside the current one; null when there is no reduction */
  old?: DecimalString | null;
  className?: string;
}

/**
 * Spec points 8 and 9: a loading text until configuration and currency are there, "Error displaying
 * price: …" when either failed, nothing at all for a demo user, otherwise the price in the
 * language's format with the old price struck through beside it.
 */
export function Price({ current, old = null, className = '' }: PriceProps) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  switch (price.status) {
    case 'hidden':
      return null;
    case 'loading':
      return <span className={`text-fg-muted ${className}`}>{t('priceFormatter.loading')}</span>;
    case 'failed':
      return (
        <span className={`text-danger ${className}`}>
          {t('priceFormatter.failed', { error: price.message })}
        </span>
      );
    case 'ready':
      return (
        <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
          {old !== null && (
            <del className="text-fg-muted" data-price="old">
              <span className="sr-only">{t('price.old')} </span>
              {price.money(old)}
            </del>
          )}
          <span className="font-semibold tabular-nums" data-price="current">
            {old !== null && <span className="sr-only">{t('price.current')} </span>}
            {price.money(current)}
          </span>
        </span>
      );
  }
}
