import { assign, setup } from 'xstate';
import { isQuantityControlDisabled } from '../domain/quantity';
import {
  isValidQuantityText,
  type QuantityControl,
  quantityControlAt,
  quantityDecreased,
  quantityIncreased,
  quantityWithin,
  typeQuantity,
} from '../domain/quantity-control';
import type { Unit } from '../domain/types';
import { orderableUnits } from '../domain/units';
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
    closed: {},
    open: {
      on: { 'productDialog.closed': 'closed' },
      initial: 'waitingForUnits',
      states: {
        /** the units resource has not resolved yet: the quantity area shows a spinner */
        waitingForUnits: {
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
        unitsFailed: {},
        ready: {
          type: 'parallel',
          states: {
            quantity: {
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
                /** "You have selected an invalid amount..." (quantity.invalidAmount) */
                invalid: {
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
                disabled: {},
              },
            },
            image: {
              initial: 'normal',
              states: {
                normal: { on: { 'productDialog.imageToggled': 'enlarged' } },
                enlarged: { on: { 'productDialog.imageToggled': 'normal' } },
              },
            },
          },
        },
      },
    },
  },
});
