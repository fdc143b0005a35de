import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createActor } from 'xstate';
import { stockFigure } from '../../../domain/stock';
import type { CampaignProduct, Product, Unit } from '../../../domain/types';
import { orderableUnits, unitDisplayName } from '../../../domain/units';
import type { CartActorRef } from '../../../machines/cart';
import {
  bindProductRow,
  type ProductRowRef,
  type ProductRowSnapshot,
  restingRowOf,
} from '../../../machines/product';
import { selectIsDemo } from '../../../machines/session';
import { useCartRef, useUnits } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection, useSessionRef } from '../../hooks/use-app-actor';

/**
 * What every row of one list shares, read once per list instead of once per row: rows mount by the
 * dozen while a long list scrolls, and each useTranslation, session or units subscription is work
 * on that path. Rows read it with one useContext.
 */

/** The app's typed translate function (checked keys). */
export type RowT = TFunction<'translation', undefined>;

type RowProduct = Product | CampaignProduct;

/** What a row shows that only its product and the list's translation and units decide. */
export interface RowBasics {
  /** the quantity box's, the unit choice's and the add button's accessible names */
  quantityLabel: string;
  unitLabel: string;
  addLabel: string;
  /** the units the product can be ordered in; none while the units are unknown or its chain is broken */
  choices: Unit[];
  /** what a row shows until touched: its machine's snapshot once woken, worked out without running it */
  resting: ProductRowSnapshot;
}

export interface OrderRowsKit {
  t: RowT;
  /** a unit's name beside a count, in the form the count asks for in the interface language */
  unitNameOf: (unit: Pick<Unit, 'name' | 'namePlural'>, count: number | string) => string;
  /** "Add" and "In cart", translated once for the list */
  addText: string;
  inCartText: string;
  /**
   * A product's labels, units and default line, worked out once per product while the translation and
   * units stay (a row scrolled back into view, or another row of the same product, costs a lookup).
   */
  basicsOf: (product: RowProduct) => RowBasics;
  /** the stock figure's text for a quantity in stock (null: withheld), translated once per quantity */
  stockTextOf: (quantityInStock: number | null) => string | null;
  units: Unit[] | null;
  cart: CartActorRef | undefined;
  /** a demo user sees no stock and orders nothing (spec point 6) */
  isDemo: boolean;
  /** Enter in a row's quantity box: focus the next row's quantity box (the list knows how to reach it) */
  focusNext: (from: HTMLElement) => void;
  /** the row's machine, created only when the customer wakes the row up (focus, typing, add) */
  createRow: (product: RowProduct) => ProductRowRef;
}

/** The figure's text, or null when the figure is withheld (a demo account). */
export function stockText(t: RowT, quantityInStock: number | null): string | null {
  const figure = stockFigure(quantityInStock);
  switch (figure.kind) {
    case 'withheld':
      return null;
    case 'outOfStock':
      return t('stock.outOfStock');
    case 'low':
      return t('stock.low', { count: figure.count });
    case 'inStock':
      return t('stock.inStock', { count: figure.count });
  }
}

function unitChoices(product: RowProduct, units: Unit[] | null): Unit[] {
  if (!units) return [];
  try {
    return orderableUnits(product, units);
  } catch {
    return [];
  }
}

/** The per-product and per-quantity memories of one list (new ones when the translation or units change). */
function rowMemories(t: RowT, units: Unit[] | null) {
  const basics = new WeakMap<RowProduct, RowBasics>();
  const stock = new Map<number | null, string | null>();
  return {
    basicsOf: (product: RowProduct): RowBasics => {
      let known = basics.get(product);
      if (!known) {
        const name = product.name;
        known = {
          quantityLabel: t('orderRow.quantityOf', { name }),
          unitLabel: t('orderRow.unitOf', { name }),
          addLabel: t('orderRow.addLabel', { name }),
          choices: unitChoices(product, units),
          resting: restingRowOf({ product, units }),
        };
        basics.set(product, known);
      }
      return known;
    },
    stockTextOf: (quantityInStock: number | null): string | null => {
      if (stock.has(quantityInStock)) return stock.get(quantityInStock) ?? null;
      const text = stockText(t, quantityInStock);
      stock.set(quantityInStock, text);
      return text;
    },
  };
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
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const units = useUnits();
  const cart = useCartRef();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const machine = useBoundMachine(bindProductRow);
  const { inspect } = usePortalInspection();
  const memories = useMemo(() => rowMemories(t, units), [t, units]);
  const kit = useMemo<OrderRowsKit>(
    () => ({
      t,
      unitNameOf: (unit, count) => unitDisplayName(unit, count, language),
      addText: t('orderRow.add'),
      inCartText: t('orderRow.inCart'),
      ...memories,
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
    [t, language, memories, units, cart, isDemo, focusNext, machine, inspect],
  );
  return <OrderRowsContext.Provider value={kit}>{children}</OrderRowsContext.Provider>;
}
