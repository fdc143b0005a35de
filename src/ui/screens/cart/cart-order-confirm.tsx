import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Unit } from '../../../domain/types';
import type { CartActorRef } from '../../../machines/cart';
import { selectCartItems } from '../../../machines/cart';
import type { CheckoutRef } from '../../hooks/cart-hooks';
import { OrderConfirmDialog } from '../checkout/order-confirm-dialog';

/**
 * The order confirmation with the product names of the cart's lines. It follows the cart's items on
 * its own, so a quantity change re-renders this and the changed line, not the drawer with every line.
 */
export function CartOrderConfirm({
  cart,
  checkout,
  units,
}: {
  cart: CartActorRef;
  checkout: CheckoutRef;
  units: Unit[] | null;
}) {
  const items = useSelector(cart, selectCartItems);
  const productNames = useMemo(
    () => new Map(items.map((item) => [item.product.id, item.product.name])),
    [items],
  );
  return <OrderConfirmDialog checkout={checkout} productNames={productNames} units={units} items={items} />;
}
