import { assign, sendParent, setup } from 'xstate';
import type { IsoDateTime } from '../../domain/types';
import { clock } from './clock';

export interface CutoffCountdownContext {
  /** the last instant an order for the chosen day is accepted (inclusive); null: nothing to watch */
  cutoffAt: IsoDateTime | null;
  /** when the countdown last read the clock: the view's "Order within 2 h 14 min" counts from it */
  now: IsoDateTime;
}

export type CutoffCountdownEvent =
  /** from the checkout: the chosen day and its cut-off (a new day restarts the count) */
  | { type: 'countdown.watch'; cutoffAt: IsoDateTime }
  /** from the checkout: no served day is chosen (or no calendar applies) */
  | { type: 'countdown.stop' };

/** What the countdown tells the checkout once the chosen day's cut-off has passed. */
export type CutoffCountdownReport = { type: 'checkout.cutoffPassed' };

const MINUTE_MS = 60_000;

const passed = (context: CutoffCountdownContext) =>
  context.cutoffAt !== null && Date.parse(context.now) > Date.parse(context.cutoffAt);

/** Until the next whole minute of the count, or the first millisecond after the cut-off if that is sooner. */
const untilNextTick = (context: CutoffCountdownContext) => {
  if (context.cutoffAt === null) return MINUTE_MS;
  const left = Date.parse(context.cutoffAt) + 1 - Date.parse(context.now);
  return Math.max(0, Math.min(MINUTE_MS, left));
};

/**
 * The time left to the chosen delivery day's cut-off: ticks once a minute (for the countdown text)
 * and tells the checkout when the cut-off has passed, so the date moves with a notice.
 */
export const cutoffCountdownMachine = setup({
  types: {
    context: {} as CutoffCountdownContext,
    events: {} as CutoffCountdownEvent,
  },
  delays: { nextTick: ({ context }) => untilNextTick(context) },
  guards: { cutoffPassed: ({ context }) => passed(context) },
  actions: {
    readClock: assign({ now: () => clock().toISOString() }),
    watch: assign((_, params: { cutoffAt: IsoDateTime }) => ({ cutoffAt: params.cutoffAt })),
    forget: assign({ cutoffAt: null }),
    reportPassed: sendParent({ type: 'checkout.cutoffPassed' } satisfies CutoffCountdownReport),
  },
}).createMachine({
  id: 'cutoffCountdown',
  context: () => ({ cutoffAt: null, now: clock().toISOString() }),
  initial: 'idle',
  on: {
    'countdown.watch': {
      target: '.counting',
      reenter: true,
      actions: { type: 'watch', params: ({ event }) => ({ cutoffAt: event.cutoffAt }) },
    },
    'countdown.stop': { target: '.idle', actions: 'forget' },
  },
  states: {
    idle: {
      description:
        'No cut-off is counted down: no delivery calendar applies, or the chosen date is not a served day. The cart shows no countdown.',
    },
    counting: {
      description:
        'The cart shows the time left to the chosen day\'s cut-off ("Order within 2 h 14 min for delivery on Tuesday 1 December"), updated every minute.',
      entry: 'readClock',
      always: { guard: 'cutoffPassed', target: 'passed' },
      after: { nextTick: { target: 'counting', reenter: true } },
    },
    passed: {
      description:
        'The cut-off of the chosen day has passed: the checkout is told once, moves the date to the next served day and says so.',
      entry: 'reportPassed',
    },
  },
});
