import { ArrowRightLeft, Check, RotateCcw, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubstituteOfferStatus } from '../../machines/substitutes';
import { Spinner } from './spinner';

/**
 * The offer of substitutes for one line that ran out or is short: the supplier's alternatives with
 * their reason, price and stock, "Take this instead" on each, "Keep the shortage" and "Remove the line".
 * Presentational: the state and the figures come in as props, the choices go out as callbacks.
 *
 * Use it through the connected `SubstituteChoice` (`src/ui/screens/substitutes/substitute-choice.tsx`),
 * which runs the `substituteChoice` chart (`src/machines/substitutes`) for one line and renders this:
 *
 *   <SubstituteChoice
 *     productId={line.productId}            // the product asked for
 *     productName={line.name}
 *     pieces={wantedPrimaryUnits}           // omit in the cart: the cart line's own quantity is used
 *     onRemove={() => removeTheLine()}      // the host removes the line (the chart records the choice)
 *   />
 *
 * Taking a substitute puts it into the cart in the line's place (the cart refetches) and the order
 * later records which product was asked for. Nothing renders when no substitute is offered (none
 * exists, the customer forbade substitution, or the backend lacks the `substitutes` capability).
 */
export interface SubstituteOfferAlternative {
  productId: number;
  name: string;
  reason: string;
  /** the alternative's price on the customer's basis, as the host renders prices */
  price: ReactNode;
  /** its stock figure ("24 in stock") */
  stock: ReactNode;
}

export function SubstituteOffer({
  status,
  productName,
  shortage,
  alternatives,
  chosenId,
  chosenName,
  onAccept,
  onKeepShortage,
  onRemove,
  onReconsider,
  onRetry,
}: {
  status: SubstituteOfferStatus;
  productName: string;
  /** "Out of stock" or "Only 2 of 5 in stock", as the host says it */
  shortage: ReactNode;
  alternatives: readonly SubstituteOfferAlternative[];
  chosenId: number | null;
  chosenName: string | null;
  onAccept: (productId: number) => void;
  onKeepShortage: () => void;
  onRemove: () => void;
  onReconsider: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (status === 'none' || status === 'removed') return null;
  if (status === 'loading')
    return (
      <p role="status" className="flex items-center gap-1 text-sm text-fg-muted">
        <Spinner className="size-3" />
        {t('substitutes.loading')}
      </p>
    );
  if (status === 'loadFailed')
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
        <span>{t('substitutes.loadFailed')}</span>
        <button type="button" onClick={onRetry} className="tap-target rounded-md px-2 font-medium underline">
          {t('common.tryAgain')}
        </button>
      </p>
    );
  if (status === 'taken')
    return (
      <p role="status" className="flex items-center gap-1 text-sm text-brand">
        <Check aria-hidden="true" className="size-4 shrink-0" />
        {t('substitutes.taken', { name: chosenName ?? '' })}
      </p>
    );
  if (status === 'kept')
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
        <span>{t('substitutes.shortageKept')}</span>
        <button
          type="button"
          onClick={onReconsider}
          className="tap-target inline-flex items-center gap-1 rounded-md px-2 font-medium text-brand underline"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('substitutes.showAgain')}
        </button>
      </p>
    );
  const accepting = status === 'accepting';
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={accepting}
      className="flex flex-col gap-2 rounded-md border border-line bg-surface-sunken p-2 text-sm"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-x-2 font-medium">
        <ArrowRightLeft aria-hidden="true" className="size-4 shrink-0 text-brand rtl:-scale-x-100" />
        <span className="min-w-0 flex-1">{t('substitutes.title', { name: productName })}</span>
        <span className="basis-full ps-6 font-normal text-danger">{shortage}</span>
      </h3>
      <ul className="flex flex-col gap-2">
        {alternatives.map((alternative) => (
          <li
            key={alternative.productId}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-surface-raised p-2"
          >
            {/* at least 10rem for the name: on a phone the button wraps below rather than squeezing it */}
            <span className="flex min-w-40 flex-1 flex-col">
              <span dir="auto" className="font-medium break-words [text-align:match-parent]">
                {alternative.name}
              </span>
              {alternative.reason && (
                <span dir="auto" className="text-fg-muted [text-align:match-parent]">
                  {alternative.reason}
                </span>
              )}
              <span className="flex flex-wrap items-baseline gap-x-2">
                {alternative.price}
                {alternative.stock}
              </span>
            </span>
            <button
              type="button"
              onClick={() => onAccept(alternative.productId)}
              disabled={accepting}
              aria-label={t('substitutes.takeNamed', { name: alternative.name })}
              className="tap-target inline-flex items-center gap-1 rounded-md bg-brand px-3 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
            >
              {accepting && chosenId === alternative.productId && <Spinner className="size-4" />}
              {t('substitutes.take')}
            </button>
          </li>
        ))}
      </ul>
      {status === 'acceptFailed' && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-danger">
          <span>{t('substitutes.acceptFailed')}</span>
          <button
            type="button"
            onClick={onRetry}
            className="tap-target rounded-md px-2 font-medium underline"
          >
            {t('common.tryAgain')}
          </button>
        </p>
      )}
      {accepting && (
        <p role="status" className="text-fg-muted">
          {t('substitutes.accepting')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onKeepShortage}
          disabled={accepting}
          className="tap-target rounded-md border border-line bg-surface-raised px-3"
        >
          {t('substitutes.keepShortage')}
        </button>
        <button
          type="button"
          onClick={onRemove}
          disabled={accepting}
          className="tap-target inline-flex items-center gap-1 rounded-md border border-line bg-surface-raised px-3 text-danger"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('substitutes.removeLine')}
        </button>
      </div>
    </section>
  );
}
