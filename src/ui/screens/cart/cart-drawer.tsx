import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { CartActorRef } from '../../../machines/cart';
import { selectHasSucceeded, selectIsQueued, selectPlacedOrderId } from '../../../machines/checkout';
import { Drawer } from '../../components/drawer';
import { OrderQueued } from '../../components/order-queued';
import { OrderSuccess } from '../../components/order-success';
import { useCheckoutRef } from '../../hooks/cart-hooks';
import { CartContents } from './cart-contents';

interface CartDrawerProps {
  cart: CartActorRef;
  open: boolean;
  onClose: () => void;
}

/** The cart drawer from the end side (spec point 4 "Cart drawer"); the success view replaces its content. */
export function CartDrawer({ cart, open, onClose }: CartDrawerProps) {
  const { t } = useTranslation();
  const checkout = useCheckoutRef(cart);
  const succeeded = useSelector(checkout, (s) => (s ? selectHasSucceeded(s) : false));
  const orderId = useSelector(checkout, (s) => (s ? selectPlacedOrderId(s) : null));
  const queued = useSelector(checkout, (s) => (s ? selectIsQueued(s) : false));

  function close() {
    // Leaving the success view starts a fresh checkout (date back to today + 7, note cleared).
    if (succeeded || queued) checkout?.send({ type: 'checkout.finished' });
    onClose();
  }

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('cart.title')}
      closeLabel={t('cart.close')}
      panelClassName="end-0 w-full max-w-md sm:border-s sm:border-line"
      titleClassName="text-base font-semibold"
    >
      {succeeded && orderId !== null ? (
        <OrderSuccess orderId={orderId} onDone={close} />
      ) : queued ? (
        <OrderQueued onDone={close} />
      ) : (
        checkout && <CartContents cart={cart} checkout={checkout} />
      )}
    </Drawer>
  );
}
