import { setup } from 'xstate';

/**
 * What the supplier's systems report of a suborder, as the chart's events. The server checks each
 * report against this chart before it stores it (an impossible one answers 409 naming the current
 * state); the order detail draws the same chart's states as the suborder's timeline.
 */
export type SuborderLifeEvent =
  | { type: 'suborder.received' }
  | { type: 'suborder.confirmed' }
  | { type: 'suborder.pickingStarted' }
  | { type: 'suborder.shipped' }
  | { type: 'suborder.delivered' }
  | { type: 'suborder.invoiced' }
  | { type: 'suborder.cancelled' };

export const suborderLifeMachine = setup({
  types: { events: {} as SuborderLifeEvent },
}).createMachine({
  id: 'suborderLife',
  description:
    "The life of one warehouse's part of an order, as the supplier's systems report it: from placed to delivered and invoiced, or cancelled before it leaves the warehouse.",
  initial: 'processing',
  states: {
    processing: {
      description: "Placed in the portal; the supplier's system has not acknowledged it yet.",
      on: {
        'suborder.received': 'received',
        'suborder.confirmed': 'confirmed',
        'suborder.cancelled': 'cancelled',
      },
    },
    received: {
      description: "The supplier's system has the order.",
      on: { 'suborder.confirmed': 'confirmed', 'suborder.cancelled': 'cancelled' },
    },
    confirmed: {
      description: 'The warehouse will deliver it on the day shown.',
      on: {
        'suborder.pickingStarted': 'picking',
        'suborder.shipped': 'shipped',
        'suborder.cancelled': 'cancelled',
      },
    },
    picking: {
      description: 'The warehouse is putting the goods together.',
      on: { 'suborder.shipped': 'shipped', 'suborder.cancelled': 'cancelled' },
    },
    shipped: {
      description:
        'On the truck, with an expected arrival and a delivery note number. A later report moves the expected arrival.',
      on: { 'suborder.shipped': 'shipped', 'suborder.delivered': 'delivered' },
    },
    delivered: {
      description: 'At the customer, with what arrived of each line and any substitute.',
      on: { 'suborder.invoiced': 'invoiced' },
    },
    invoiced: {
      description: "The supplier's invoice for it is issued.",
      type: 'final',
    },
    cancelled: {
      description: 'It will not be delivered.',
      type: 'final',
    },
  },
});
