import { useSelector } from '@xstate/react';
import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectItemCount } from '../../../machines/cart';
import { headerButtonClass } from '../../app/layout/header-button-class';
import { useCartRef } from '../../hooks/cart-hooks';
import { useOpenCart } from '../../hooks/use-open-cart';

/** The header's cart button with the item count (spec point 2); it loads the cart lazily. */
export function CartButton() {
  const { t } = useTranslation();
  const cart = useCartRef();
  const openCart = useOpenCart();
  useEffect(() => cart?.send({ type: 'cart.load' }), [cart]);
  const count = useSelector(cart, (s) => (s ? selectItemCount(s) : 0));
  if (!openCart) return null;
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={t('cart.button', { count })}
      className={`${headerButtonClass} relative`}
    >
      <ShoppingCart aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs font-semibold text-brand-contrast tabular-nums"
        >
          {count}
        </span>
      )}
    </button>
  );
}
