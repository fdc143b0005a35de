import { useActorRef, useSelector } from '@xstate/react';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../domain/types';
import {
  bindReorder,
  selectIsReorderDone,
  selectIsReordering,
  selectReorderAdded,
  selectReorderChanged,
  selectReorderError,
  selectReorderMode,
  selectReorderUnavailable,
} from '../../../machines/orders';
import { CartModeChoice } from '../../components/cart-mode-choice';
import { Spinner } from '../../components/spinner';
import { useCartRef } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useNotAddedReason } from '../../hooks/use-not-added-reason';
import { useOpenCart } from '../../hooks/use-open-cart';
import { ChangedCartLines } from '../cart/changed-cart-lines';

/**
 * "Order again": adds every line still available to the cart (to what the cart holds of a product, or
 * replacing it: the buyer's choice), says what changed in lines already in the cart and lists the ones
 * not added with the reason.
 */
export function ReorderAction({ order }: { order: Order }) {
  // Reordering writes into the cart: offer it only once the cart is there.
  if (!useCartRef()) return null;
  return <ReorderButton order={order} />;
}

function ReorderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const openCart = useOpenCart();
  const reorder = useActorRef(useBoundMachine(bindReorder), { ...usePortalInspection(), input: { order } });
  const busy = useSelector(reorder, selectIsReordering);
  const done = useSelector(reorder, selectIsReorderDone);
  const added = useSelector(reorder, selectReorderAdded);
  const changed = useSelector(reorder, selectReorderChanged);
  const unavailable = useSelector(reorder, selectReorderUnavailable);
  const error = useSelector(reorder, selectReorderError);
  const mode = useSelector(reorder, selectReorderMode);
  const reasonText = useNotAddedReason();

  return (
    <div className="flex flex-col items-start gap-2">
      {!done && (
        <CartModeChoice
          value={mode}
          disabled={busy}
          onChange={(chosen) => reorder.send({ type: 'reorder.modeChosen', mode: chosen })}
        />
      )}
      {!done && (
        <button
          type="button"
          disabled={busy}
          onClick={() => reorder.send({ type: error ? 'reorder.retried' : 'reorder.started' })}
          className="tap-target inline-flex items-center gap-2 rounded-md bg-brand px-3 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
        >
          {busy ? <Spinner className="size-4" /> : <RotateCcw aria-hidden="true" className="size-4" />}
          {t('reorder.action')}
        </button>
      )}
      {error && (
        <p role="alert" className="text-danger">
          {t('reorder.failed')}
        </p>
      )}
      {done && (
        <div
          role="status"
          className="flex flex-col gap-1 rounded-md border border-line bg-surface-raised p-3"
        >
          <p className="font-medium">{t('reorder.added', { count: added.length })}</p>
          {changed.length > 0 && (
            <ChangedCartLines
              lines={changed.map(({ item, ...change }) => ({
                key: `${item.product.id}-${item.unit}`,
                name: item.product.name,
                ...change,
              }))}
            />
          )}
          {unavailable.length > 0 && (
            <>
              <p className="text-fg-muted">{t('reorder.unavailable')}</p>
              <ul aria-label={t('reorder.unavailable')} className="list-disc ps-5">
                {unavailable.map((entry) => (
                  <li key={`${entry.item.product.id}-${entry.item.unit}`}>
                    <span dir="auto">{entry.item.product.name}</span>
                    {' — '}
                    {reasonText({ ...entry, unit: entry.item.unit })}
                  </li>
                ))}
              </ul>
            </>
          )}
          {openCart && added.length > 0 && (
            <button
              type="button"
              onClick={openCart}
              className="tap-target self-start font-medium text-brand underline"
            >
              {t('cart.goToCart')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
