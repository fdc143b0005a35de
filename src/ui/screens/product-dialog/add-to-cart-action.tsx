import { useActorRef, useSelector } from '@xstate/react';
import { Check, ShoppingCart } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { bindAddToCart, selectCanAdd, selectIsAdding, selectIsInCart } from '../../../machines/product';
import { selectIsDemo } from '../../../machines/session';
import { Spinner } from '../../components/spinner';
import { useCartRef } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection, useSessionRef } from '../../hooks/use-app-actor';
import { useOpenCart } from '../../hooks/use-open-cart';
import type { CartActionProps } from './product-dialog-types';

/**
 * The product dialog's cart part (spec point 4 "Product dialog"): add with a spinner, the toasts,
 * and for a product already in the cart a disabled "in cart" label with a go-to-cart action that closes the
 * dialog and opens the cart drawer.
 * Renders nothing without a cart (a demo user has none).
 */
export function AddToCartAction(props: CartActionProps) {
  const hasCart = useCartRef() !== undefined;
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  if (!hasCart || isDemo) return null;
  return <AddToCartButton key={props.product.id} {...props} />;
}

const buttonClass =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md px-4 font-semibold disabled:opacity-60';

function AddToCartButton({ product, quantity, unitId, blockedKey, onLeave }: CartActionProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const openCart = useOpenCart();
  const actor = useActorRef(useBoundMachine(bindAddToCart), { ...usePortalInspection(), input: { product } });
  const adding = useSelector(actor, selectIsAdding);
  const inCart = useSelector(actor, selectIsInCart);
  const canAdd = useSelector(actor, (s) => selectCanAdd(s, quantity, unitId));
  // Focus stays where the buyer acts: the add button gives way to "Go to cart" once the product is in the
  // cart, and a removed button would drop the keyboard focus to the page (or out of the dialog).
  const addButton = useRef<HTMLButtonElement>(null);
  const goToCart = useRef<HTMLButtonElement>(null);
  const focusFollows = useRef(false);
  useEffect(() => {
    if (inCart && focusFollows.current) goToCart.current?.focus();
    focusFollows.current = false;
  }, [inCart]);

  useEffect(() => {
    const added = actor.on('addToCart.added', () => toast.success(t('cart.productAdded')));
    const failed = actor.on('addToCart.failed', () => {
      focusFollows.current = false;
      toast.error(t('cart.addFailed'));
    });
    return () => {
      added.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, t]);

  if (inCart) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" disabled className={`${buttonClass} border border-line text-fg-muted`}>
          <Check aria-hidden="true" className="size-4" />
          {t('cart.inCart')}
        </button>
        {openCart && (
          <button
            ref={goToCart}
            type="button"
            onClick={() => {
              // the dialog goes first: behind the drawer it would come back, stale, once the drawer closes
              onLeave();
              openCart();
            }}
            className={`${buttonClass} bg-brand text-brand-contrast hover:bg-brand-strong`}
          >
            <ShoppingCart aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('cart.goToCart')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        ref={addButton}
        type="button"
        data-action="add-to-cart"
        // while adding, the button stays focusable (a disabled one loses the focus) and only says it is busy
        disabled={!canAdd && !adding}
        aria-disabled={adding || undefined}
        aria-busy={adding}
        aria-describedby={blockedKey ? reasonId : undefined}
        onClick={() => {
          if (quantity === null || unitId === null || adding) return;
          focusFollows.current = document.activeElement === addButton.current;
          actor.send({ type: 'addToCart.requested', quantity, unit: unitId });
        }}
        className={`${buttonClass} bg-brand text-brand-contrast hover:bg-brand-strong`}
      >
        {adding ? (
          <Spinner className="size-4" />
        ) : (
          <ShoppingCart aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        )}
        {adding ? t('cart.adding') : t('cart.addToCart')}
      </button>
      {blockedKey && (
        <span id={reasonId} className="font-medium text-danger">
          {t(blockedKey)}
        </span>
      )}
    </div>
  );
}
