import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type PriceBasis, priceBasisFor } from '../../domain/pricing';
import type { Unit } from '../../domain/types';
import { type OrdersRef, selectCartRef, selectOrdersRef, selectUnitsRef } from '../../machines/app';
import type { CartActorRef } from '../../machines/cart';
import { selectCheckoutRef } from '../../machines/cart';
import { selectUnits } from '../../machines/catalogue';
import type { checkoutMachine } from '../../machines/checkout';
import { selectTaxApplies } from '../../machines/session';
import { useAppActor, useSessionRef } from './use-app-actor';

export type { OrdersRef };

// The app spawns the cart and the orders once the cart area has loaded, so each may be missing:
// views render a loading state instead of throwing.

/** The signed-in customer's cart (spec point 4 "Cart"); undefined while signed out. */
export function useCartRef(): CartActorRef | undefined {
  return useSelector(useAppActor(), selectCartRef);
}

/** The company's orders resource (newest first). */
export function useOrdersRef(): OrdersRef | undefined {
  return useSelector(useAppActor(), selectOrdersRef);
}

/** The catalogue's units, loaded on first use (spec point 4: lazily); null until known. */
export function useUnits(): Unit[] | null {
  const units = useSelector(useAppActor(), selectUnitsRef);
  useEffect(() => units?.send({ type: 'resource.load' }), [units]);
  return useSelector(units, (s) => (s ? selectUnits(s) : null));
}

/** Spec point 5: whether totals are shown with tax (the tax_applies claim). */
export function useTaxApplies(): boolean {
  return useSelector(useSessionRef(), selectTaxApplies);
}

/** The customer's one price basis (decision 005): VAT included when tax applies, else net prices. */
export function usePriceBasis(): PriceBasis {
  return priceBasisFor(useTaxApplies());
}

export type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;

/** The checkout the cart invokes (id `checkout`); it lives as long as the cart. */
export function useCheckoutRef(cart: CartActorRef | undefined): CheckoutRef | undefined {
  return useSelector(cart, (s) => (s ? selectCheckoutRef(s) : undefined));
}
