import { RotateCw } from 'lucide-react';
import type { PriceFormatter } from '../../hooks/use-price-formatter';

/**
 * Where a price would be when the currency or configuration failed to load: a short translated
 * message and a Retry that reloads the failed resource (the server's error text is for the log,
 * not for every price cell).
 */
export function PriceUnavailable({
  price,
  className = '',
}: {
  price: Extract<PriceFormatter, { status: 'failed' }>;
  className?: string;
}) {
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-1 text-danger ${className}`}>
      {price.texts.failed}
      <button
        type="button"
        onClick={price.retry}
        aria-label={price.texts.retryLabel}
        className="tap-target inline-flex items-center justify-center gap-1 rounded text-brand underline"
      >
        <RotateCw aria-hidden="true" className="size-3.5 shrink-0" />
        {price.texts.retry}
      </button>
    </span>
  );
}
