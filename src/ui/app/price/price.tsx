import type { DecimalString } from '../../../domain/types';
import { PriceFormatterProvider, useSharedPriceFormatter } from '../../hooks/price-formatter-provider';
import type { PriceFormatter } from '../../hooks/use-price-formatter';
import { Amount } from './amount';
import { PriceUnavailable } from './price-unavailable';

interface PriceProps {
  /** the price the customer pays (a display price, decimal string) */
  current: DecimalString;
  /** the regular price, struck through beside the current one; null when there is no reduction */
  old?: DecimalString | null;
  className?: string;
}

/**
 * Spec points 8 and 9: a loading text until configuration and currency are there, "Price
 * unavailable" with a Retry when either failed, nothing at all for a demo user, otherwise the price
 * in the language's format with the old price struck through beside it.
 */
export function Price({ current, old = null, className = '' }: PriceProps) {
  const price = useSharedPriceFormatter();
  if (!price)
    return (
      <PriceFormatterProvider>
        <Price current={current} old={old} className={className} />
      </PriceFormatterProvider>
    );
  return (
    <PriceMarkup
      price={price}
      className={className}
      texts={(ready) => ({ current: ready.money(current), old: old === null ? null : ready.money(old) })}
    />
  );
}

type ReadyFormatter = Extract<PriceFormatter, { status: 'ready' }>;

/**
 * A price's markup once the formatter has decided: its loading text, "Price unavailable" with Retry,
 * nothing (a demo user), or `texts` (asked for only when ready) with the regular price struck through.
 * `Price` formats with its own formatter; a long list's rows pass texts their list formatted once.
 */
export function PriceMarkup({
  price,
  texts,
  className = '',
}: {
  price: PriceFormatter;
  texts: (ready: ReadyFormatter) => { current: string; old: string | null };
  className?: string;
}) {
  switch (price.status) {
    case 'hidden':
      return null;
    case 'loading':
      return <span className={`text-fg-muted ${className}`}>{price.texts.loading}</span>;
    case 'failed':
      return <PriceUnavailable price={price} className={className} />;
    case 'ready': {
      const shown = texts(price);
      return (
        <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
          {shown.old !== null && (
            <del className="text-fg-muted" data-price="old">
              <span className="sr-only">{price.texts.old} </span>
              <Amount>{shown.old}</Amount>
            </del>
          )}
          <span className="font-semibold" data-price="current">
            {shown.old !== null && <span className="sr-only">{price.texts.current} </span>}
            <Amount>{shown.current}</Amount>
          </span>
        </span>
      );
    }
  }
}
