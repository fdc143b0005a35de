import { assign, setup } from 'xstate';
import { isQuantityControlDisabled } from '../../domain/quantity';
import {
  isValidQuantityText,
  type QuantityControl,
  quantityControlAt,
  quantityDecreased,
  quantityIncreased,
  quantityWithin,
  typeQuantity,
} from '../../domain/quantity-control';
import type { Unit } from '../../domain/types';
import { orderableUnits } from '../../domain/units';
import { type DialogProduct, maxQuantityIn, prepareDialog } from './product-dialog.units';

export type { DialogProduct } from './product-dialog.units';

/** The quantity control (domain/quantity-control: the cart line's too) with the product and units it counts. */
export interface ProductDialogContext extends QuantityControl {
  product: DialogProduct | null;
  /** the units resource's value; null until it resolves */
  units: Unit[] | null;
  unitId: number | null;
  /** why the units could not be used (for logs; the view shows the unknown-error message, spec point 8) */
  unitError: string | null;
}

export type ProductDialogEvent =
  | { type: 'productDialog.opened'; product: DialogProduct; units: Unit[] | null }
  | { type: 'productDialog.unitsLoaded'; units: Unit[] }
  | { type: 'productDialog.closed' }
  /** Escape: closes the innermost layer (the enlarged image, else the dialog) */
  | { type: 'productDialog.dismissed' }
  | { type: 'productDialog.quantityIncreased' }
  | { type: 'productDialog.quantityDecreased' }
  | { type: 'productDialog.quantityTyped'; text: string }
  | { type: 'productDialog.unitSelected'; unitId: number }
  | { type: 'productDialog.imageToggled' };

type Opening = { product: DialogProduct; units: Unit[] | null };

const maxOf = (context: ProductDialogContext) =>
  context.product && context.units && context.unitId !== null
    ? maxQuantityIn(context.product, context.unitId, context.units)
    : 0;
const isOrderable = (context: ProductDialogContext, unitId: number) =>
  !!context.product &&
  !!context.units &&
  orderableUnits(context.product, context.units).some((unit) => unit.id === unitId);

/**
 * The product detail dialog without its cart part (spec points 2 and 4): quantity control
 * rules, unit selection along the product's unit chain, the image enlarged or not.
 * No I/O: the shell creates one and opens it from search results and product lists.
 */
export const productDialogMachine = setup({
  types: {
    context: {} as ProductDialogContext,
    events: {} as ProductDialogEvent,
  },
  guards: {
    unitsMissing: (_, params: Opening) =>
      prepareDialog(params.product, params.units).kind === 'waitingForUnits',
    unitsUnusable: (_, params: Opening) => prepareDialog(params.product, params.units).kind === 'unitsFailed',
    outOfStockByDefault: (_, params: Opening) => {
      const prepared = prepareDialog(params.product, params.units);
      return prepared.kind === 'ready' && isQuantityControlDisabled(prepared.max);
    },
    isOrderableUnit: ({ context }, params: { unitId: number }) => isOrderable(context, params.unitId),
    isUnitWithoutStock: ({ context }, params: { unitId: number }) =>
      isOrderable(context, params.unitId) &&
      isQuantityControlDisabled(maxOf({ ...context, unitId: params.unitId })),
    isUnitWhileInvalid: ({ context }, params: { unitId: number }) =>
      isOrderable(context, params.unitId) && context.quantity === null,
    isValidText: ({ context }, params: { text: string }) => isValidQuantityText(params.text, maxOf(context)),
  },
  actions: {
    open: assign((_, params: Opening) => {
      const prepared = prepareDialog(params.product, params.units);
      return {
        product: params.product,
        units: params.units,
        unitId: prepared.kind === 'ready' ? prepared.unitId : null,
        ...quantityControlAt(prepared.kind === 'ready' ? prepared.quantity : null),
        unitError: prepared.kind === 'unitsFailed' ? prepared.message : null,
      };
    }),
    increase: assign(({ context }) => quantityIncreased(context.quantity, maxOf(context))),
    decrease: assign(({ context }) => quantityDecreased(context.quantity, maxOf(context))),
    keepTypedQuantity: assign(({ context }, params: { text: string }) =>
      typeQuantity(params.text, maxOf(context)),
    ),
    /** a new unit keeps the quantity, clamped to the stock in that unit (spec point 4) */
    selectUnit: assign(({ context }, params: { unitId: number }) => {
      if (context.quantity === null) return { unitId: params.unitId };
      const max = maxOf({ ...context, unitId: params.unitId });
      return { unitId: params.unitId, ...quantityControlAt(quantityWithin(context.quantity, max)) };
    }),
  },
}).createMachine({
  id: 'productDialog',
  context: {
    product: null,
    units: null,
    unitId: null,
    quantity: null,
    quantityText: '',
    unitError: null,
  },
  initial: 'closed',
  on: {
    // from any state: another product opened from a list replaces the one shown
    'productDialog.opened': [
      {
        guard: { type: 'unitsMissing', params: ({ event }) => event },
        target: '.open.waitingForUnits',
        actions: { type: 'open', params: ({ event }) => event },
      },
      {
        guard: { type: 'unitsUnusable', params: ({ event }) => event },
        target: '.open.unitsFailed',
        actions: { type: 'open', params: ({ event }) => event },
      },
      {
        guard: { type: 'outOfStockByDefault', params: ({ event }) => event },
        target: '.open.ready.quantity.disabled',
        actions: { type: 'open', params: ({ event }) => event },
      },
      {
        target: '.open.ready.quantity.valid',
        actions: { type: 'open', params: ({ event }) => event },
      },
    ],
  },
  states: {
    closed: {
      description: 'No product dialog is shown; the customer sees the list or search they came from.',
    },
    open: {
      description:
        "The product dialog shows the product's image, name, stock code, brand, price and details, with a close button; opening another product replaces it.",
      on: { 'productDialog.closed': 'closed', 'productDialog.dismissed': 'closed' },
      initial: 'waitingForUnits',
      states: {
        waitingForUnits: {
          description:
            'The dialog\'s ordering area says "Loading units…" while the units of measure are fetched (or shows an error with Try again if they could not be).',
          on: {
            'productDialog.unitsLoaded': [
              {
                guard: {
                  type: 'unitsUnusable',
                  params: ({ context, event }) => ({ product: context.product!, units: event.units }),
                },
                target: 'unitsFailed',
                actions: {
                  type: 'open',
                  params: ({ context, event }) => ({ product: context.product!, units: event.units }),
                },
              },
              {
                guard: {
                  type: 'outOfStockByDefault',
                  params: ({ context, event }) => ({ product: context.product!, units: event.units }),
                },
                target: 'ready.quantity.disabled',
                actions: {
                  type: 'open',
                  params: ({ context, event }) => ({ product: context.product!, units: event.units }),
                },
              },
              {
                target: 'ready.quantity.valid',
                actions: {
                  type: 'open',
                  params: ({ context, event }) => ({ product: context.product!, units: event.units }),
                },
              },
            ],
          },
        },
        /** spec point 5: unit not found, or a unit chain that loops */
        unitsFailed: {
          description:
            "The dialog's ordering area shows an error message instead of the unit and quantity controls: this product's units are broken and it cannot be ordered.",
        },
        ready: {
          description:
            "The dialog's ordering area shows the unit choice, the quantity with minus and plus, the line amount, Add to cart and Add to list; clicking the image enlarges it.",
          type: 'parallel',
          states: {
            quantity: {
              description:
                'The quantity control: a number the customer types or steps with minus and plus, checked at once.',
              initial: 'valid',
              on: {
                'productDialog.unitSelected': [
                  {
                    guard: { type: 'isUnitWithoutStock', params: ({ event }) => event },
                    target: '.disabled',
                    actions: { type: 'selectUnit', params: ({ event }) => event },
                  },
                  {
                    guard: { type: 'isUnitWhileInvalid', params: ({ event }) => event },
                    target: '.invalid',
                    actions: { type: 'selectUnit', params: ({ event }) => event },
                  },
                  {
                    guard: { type: 'isOrderableUnit', params: ({ event }) => event },
                    target: '.valid',
                    actions: { type: 'selectUnit', params: ({ event }) => event },
                  },
                ],
              },
              states: {
                valid: {
                  description:
                    'The quantity is a valid number: the line amount shows it, and Add to cart adds it.',
                  on: {
                    'productDialog.quantityIncreased': { actions: 'increase' },
                    'productDialog.quantityDecreased': { actions: 'decrease' },
                    'productDialog.quantityTyped': [
                      {
                        guard: { type: 'isValidText', params: ({ event }) => event },
                        actions: { type: 'keepTypedQuantity', params: ({ event }) => event },
                      },
                      {
                        target: 'invalid',
                        actions: { type: 'keepTypedQuantity', params: ({ event }) => event },
                      },
                    ],
                  },
                },
                invalid: {
                  description:
                    'Under the quantity the message "You have selected an invalid amount…" shows and Add to cart is disabled; minus gives 1, plus gives 2, or the customer types a valid number.',
                  on: {
                    // spec point 4: from an invalid value minus gives 1 and plus gives 2
                    'productDialog.quantityIncreased': { target: 'valid', actions: 'increase' },
                    'productDialog.quantityDecreased': { target: 'valid', actions: 'decrease' },
                    'productDialog.quantityTyped': [
                      {
                        guard: { type: 'isValidText', params: ({ event }) => event },
                        target: 'valid',
                        actions: { type: 'keepTypedQuantity', params: ({ event }) => event },
                      },
                      { actions: { type: 'keepTypedQuantity', params: ({ event }) => event } },
                    ],
                  },
                },
                /** spec point 4: a maximum of 0 (no stock in this unit) disables the control */
                disabled: {
                  description:
                    'The product has no stock in the chosen unit: the quantity control and Add to cart are disabled, with "Out of stock" beside the button; choosing another unit may make it orderable.',
                },
              },
            },
            image: {
              description: 'The product image, which a click enlarges or shrinks back.',
              initial: 'normal',
              states: {
                normal: {
                  description: 'The image shows at its normal size with an enlarge icon.',
                  on: { 'productDialog.imageToggled': 'enlarged' },
                },
                enlarged: {
                  description:
                    'The image shows enlarged, as tall as most of the screen; another click shrinks it back, and Escape shrinks it without closing the dialog.',
                  // the innermost layer goes first: Escape here must not take the whole dialog along
                  on: { 'productDialog.imageToggled': 'normal', 'productDialog.dismissed': 'normal' },
                },
              },
            },
          },
        },
      },
    },
  },
});
