import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CartActorRef } from '../../../machines/cart';
import { selectHasSucceeded, selectPlacedOrderId } from '../../../machines/checkout';
import { headerButtonClass } from '../../app/layout/header-button-class';
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

  function close() {
    // Leaving the success view starts a fresh checkout (date back to today + 7, note cleared).
    if (succeeded) checkout?.send({ type: 'checkout.finished' });
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="fixed inset-y-0 end-0 flex w-full max-w-md flex-col bg-surface-raised shadow-xl sm:border-s sm:border-line">
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-line ps-4 pe-2">
          <DialogTitle className="text-base font-semibold">{t('cart.title')}</DialogTitle>
          <button type="button" onClick={close} aria-label={t('cart.close')} className={headerButtonClass}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {succeeded && orderId !== null ? (
          <OrderSuccess orderId={orderId} onDone={close} />
        ) : (
          checkout && <CartContents cart={cart} checkout={checkout} />
        )}
      </DialogPanel>
    </Dialog>
  );
}
