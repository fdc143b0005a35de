import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createActor } from 'xstate';
import type { CampaignProduct, Product, Unit } from '../../../domain/types';
import type { CartActorRef } from '../../../machines/cart.machine';
import { bindProductRow, type ProductRowRef } from '../../../machines/product-row.machine';
import { selectIsDemo } from '../../../machines/session.selectors';
import { useCartRef, useUnits } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection, useSessionRef } from '../../hooks/use-app-actor';

/**
 * What every row of one list shares, read once per list instead of once per row: rows mount by the
 * dozen while a long list scrolls, and each useTranslation, session or units subscription is work
 * on that path (issue 15). Rows read it with one useContext.
 */
/** The app's typed translate function (checked keys). */
export type RowT = TFunction<'translation', undefined>;

export interface OrderRowsKit {
  t: RowT;
  units: Unit[] | null;
  cart: CartActorRef | undefined;
  /** a demo user sees no stock and orders nothing (spec point 6) */
  isDemo: boolean;
  /** Enter in a row's quantity box: focus the next row's quantity box (the list knows how to reach it) */
  focusNext: (from: HTMLElement) => void;
  /** the row's machine, created only when the customer wakes the row up (focus, typing, add) */
  createRow: (product: Product | CampaignProduct) => ProductRowRef;
}

const OrderRowsContext = createContext<OrderRowsKit | null>(null);

export const useOrderRowsKit = (): OrderRowsKit | null => useContext(OrderRowsContext);

/** The quantity boxes of a list, in document order (each row marks its box). */
export const QUANTITY_BOX = 'data-order-quantity';

/**
 * The default way on: the next quantity box in the same list (or, outside any list, in the page) that
 * can take input. A virtual list passes its own (the next row may not be drawn yet).
 */
export function focusNextInDocument(from: HTMLElement) {
  const scope = from.closest('[data-order-rows]') ?? document.body;
  const boxes = [...scope.querySelectorAll<HTMLInputElement>(`input[${QUANTITY_BOX}]`)];
  const next = boxes.slice(boxes.indexOf(from as HTMLInputElement) + 1).find((box) => !box.disabled);
  next?.focus();
  next?.select();
}

export function OrderRowsProvider({
  children,
  focusNext = focusNextInDocument,
}: {
  children: ReactNode;
  focusNext?: (from: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const units = useUnits();
  const cart = useCartRef();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const machine = useBoundMachine(bindProductRow);
  const { inspect } = usePortalInspection();
  const kit = useMemo<OrderRowsKit>(
    () => ({
      t,
      units,
      cart,
      isDemo,
      focusNext,
      createRow: (product) => {
        const row = createActor(machine, { input: { product, units }, ...(inspect ? { inspect } : {}) });
        row.on('productRow.added', () => toast.success(t('cart.productAdded')));
        row.on('productRow.failed', () =>
          toast.error(t('cart.addFailed'), {
            action: {
              label: t('common.tryAgain'),
              onClick: () => row.send({ type: 'productRow.addRequested' }),
            },
          }),
        );
        return row.start();
      },
    }),
    [t, units, cart, isDemo, focusNext, machine, inspect],
  );
  return <OrderRowsContext.Provider value={kit}>{children}</OrderRowsContext.Provider>;
}
