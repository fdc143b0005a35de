import { useActorRef, useSelector } from '@xstate/react';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../domain/types';
import { selectApi } from '../../../machines/app.selectors';
import type { CartActorRef } from '../../../machines/cart.machine';
import { reorderMachine } from '../../../machines/reorder.machine';
import {
  selectIsReorderDone,
  selectIsReordering,
  selectReorderAdded,
  selectReorderError,
  selectReorderUnavailable,
} from '../../../machines/reorder.selectors';
import { useAppActor } from '../../app/AppActorContext';
import { useOpenCart } from '../../components/cartDrawerContext';
import { useCartRef } from '../../components/cartHooks';
import { Spinner } from '../../components/Spinner';

/** "Order again": adds every line still available to the cart and lists the ones that are not. */
export function ReorderAction({ order }: { order: Order }) {
  const cart = useCartRef();
  // The reorder actor keeps the cart it starts with: start it only once the cart is there.
  if (!cart) return null;
  return <ReorderButton order={order} cart={cart} />;
}

function ReorderButton({ order, cart }: { order: Order; cart: CartActorRef }) {
  const { t } = useTranslation();
  const api = useSelector(useAppActor(), selectApi);
  const openCart = useOpenCart();
  const reorder = useActorRef(reorderMachine, { input: { api, order, cart } });
  const busy = useSelector(reorder, selectIsReordering);
  const done = useSelector(reorder, selectIsReorderDone);
  const added = useSelector(reorder, selectReorderAdded);
  const unavailable = useSelector(reorder, selectReorderUnavailable);
  const error = useSelector(reorder, selectReorderError);

  return (
    <div className="flex flex-col items-start gap-2">
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
          {unavailable.length > 0 && (
            <>
              <p className="text-fg-muted">{t('reorder.unavailable')}</p>
              <ul className="list-disc ps-5">
                {unavailable.map(({ item }) => (
                  <li key={`${item.product.id}-${item.unit}`}>{item.product.name}</li>
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
