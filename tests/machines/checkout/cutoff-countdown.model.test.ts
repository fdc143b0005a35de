import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, createMachine } from 'xstate';
import { cutoffCountdownMachine } from '../../../src/machines/checkout/cutoff-countdown.machine';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

// The countdown reads the clock and ticks on fake time: the model's snapshots and the walk see the same now.
vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: new Date('2026-11-23T12:00:00Z') });
const MINUTE = 60_000;
/** a day ahead: minutes of ticking never reach it */
const laterCutoff = '2026-11-24T12:00:00.000Z';
/** already over when the countdown is told */
const pastCutoff = '2026-11-23T11:00:00.000Z';

const modelMachine = cutoffCountdownMachine.provide({ actions: { reportPassed: () => undefined } });

/** Exactly what the guard reads besides the state: whether the cut-off has passed at the last reading. */
const modelKey = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.cutoffAt !== null && Date.parse(s.context.now) > Date.parse(s.context.cutoffAt),
  ]);

const model = modelFor(modelMachine, {
  events: [
    { type: 'countdown.watch', cutoffAt: laterCutoff },
    { type: 'countdown.watch', cutoffAt: pastCutoff },
    { type: 'countdown.stop' },
  ],
  serializeState: modelKey,
});
const walked = pathsToWalk('cutoffCountdown', modelMachine, [
  ...model.getShortestPaths(),
  // a tick while counting comes back to the same key: walked here
  ...model.getPathsFromEvents([
    { type: 'countdown.watch', cutoffAt: laterCutoff },
    { type: 'xstate.after.nextTick.cutoffCountdown.counting' },
  ]),
]);

/** The countdown as the checkout runs it: a child whose reports the parent keeps. */
function createSut() {
  const reports: string[] = [];
  const parent = createMachine({
    invoke: { id: 'countdown', src: cutoffCountdownMachine },
    on: {
      'checkout.cutoffPassed': { actions: () => reports.push('checkout.cutoffPassed') },
    },
  });
  const actor = createActor(parent).start();
  const child = () =>
    actor.getSnapshot().children.countdown as ReturnType<typeof createActor<typeof modelMachine>>;
  return { actor, child, reports };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.child().send(step.event as never);
const executors = {
  'countdown.watch': send,
  'countdown.stop': send,
  'xstate.after.nextTick.cutoffCountdown.counting': () => vi.advanceTimersByTimeAsync(MINUTE),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(modelKey(sut.child().getSnapshot())).toBe(modelKey(expected));

describe('cut-off countdown (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(sut.child().getSnapshot().context.cutoffAt).toBeNull();
        },
        counting: (s) => {
          sameAsModel(s);
          // the reading is the clock's: the view's "Order within …" counts from now
          expect(sut.child().getSnapshot().context.now).toBe(new Date().toISOString());
          expect(sut.child().getSnapshot().context.cutoffAt).toBe(laterCutoff);
        },
        passed: (s) => {
          sameAsModel(s);
          // told exactly once per cut-off that passed
          expect(sut.reports).toEqual(['checkout.cutoffPassed']);
        },
      },
    });
  });

  it('says the cut-off passed the first millisecond after it, not before', async () => {
    sut = createSut();
    sut.child().send({ type: 'countdown.watch', cutoffAt: new Date(Date.now() + 90_000).toISOString() });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(sut.reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.reports).toEqual(['checkout.cutoffPassed']);
    expect(sut.child().getSnapshot().value).toBe('passed');
  });
});
