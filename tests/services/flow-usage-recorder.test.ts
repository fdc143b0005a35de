import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOURNEY_FLUSH } from '../../src/services/flow-usage/journey-flag';
import { createFlowUsageRecorder, type UsageSender } from '../../src/services/flow-usage/recorder';

type Taken = { machine: string; key: string } | null;
const transitionOf = (transition: unknown) => transition as Taken;
const SUBMIT = { machine: 'checkout', key: 'checkout.editing --submit--> checkout.sending' };
const FAIL = { machine: 'checkout', key: 'checkout.sending --xstate.error.actor.send--> checkout.failed' };
const EVERY = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-10T23:58:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as Record<string, unknown>)[JOURNEY_FLUSH];
});

describe('in a browser journey', () => {
  it('hands each transition of the page to the runner once, in batches, and offers the rest on request', () => {
    const journeys = vi.fn();
    const recorder = createFlowUsageRecorder({ transitionOf, journeys });
    recorder.record([SUBMIT, null, SUBMIT]);
    recorder.record([FAIL]);
    expect(journeys).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(journeys).toHaveBeenCalledExactlyOnceWith([SUBMIT, FAIL]);

    recorder.record([SUBMIT]);
    const other = { machine: 'cartLine', key: 'cartLine.idle --changed--> cartLine.saving' };
    recorder.record([other]);
    const flush = (globalThis as Record<string, unknown>)[JOURNEY_FLUSH] as () => unknown;
    expect(flush()).toEqual([other]);
    vi.advanceTimersByTime(300);
    expect(journeys).toHaveBeenCalledTimes(1);
  });

  it('counts nothing for the supplier unless told to', () => {
    const send = vi.fn<UsageSender>(async () => true);
    const recorder = createFlowUsageRecorder({ transitionOf, journeys: vi.fn() });
    recorder.record([SUBMIT]);
    vi.advanceTimersByTime(10 * EVERY);
    expect(send).not.toHaveBeenCalled();
  });
});

describe("customers' counts", () => {
  it('sends how many times each transition was taken since the last report, and nothing when none was', async () => {
    const send = vi.fn<UsageSender>(async () => true);
    const recorder = createFlowUsageRecorder({ transitionOf, reportEveryMs: EVERY });
    recorder.countWith(send);
    recorder.record([SUBMIT, FAIL]);
    recorder.record([SUBMIT]);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(send).toHaveBeenCalledExactlyOnceWith(
      [
        { machine: 'checkout', transition: SUBMIT.key, count: 2 },
        { machine: 'checkout', transition: FAIL.key, count: 1 },
      ],
      { leaving: false },
    );
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('counts a report that did not arrive again with the next one', async () => {
    const send = vi.fn<UsageSender>().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(true);
    const recorder = createFlowUsageRecorder({ transitionOf, reportEveryMs: EVERY });
    recorder.countWith(send);
    recorder.record([SUBMIT]);
    await vi.advanceTimersByTimeAsync(EVERY);
    recorder.record([SUBMIT]);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(send).toHaveBeenLastCalledWith([{ machine: 'checkout', transition: SUBMIT.key, count: 2 }], {
      leaving: false,
    });
  });

  it("sends the day's counts before the first of the next UTC day (the server adds a report to the day it arrives)", async () => {
    const send = vi.fn<UsageSender>(async () => true);
    const recorder = createFlowUsageRecorder({ transitionOf, reportEveryMs: 60 * EVERY });
    recorder.countWith(send);
    recorder.record([SUBMIT]);
    vi.setSystemTime(new Date('2026-03-11T00:00:30Z'));
    recorder.record([FAIL]);
    expect(send).toHaveBeenCalledExactlyOnceWith(
      [{ machine: 'checkout', transition: SUBMIT.key, count: 1 }],
      {
        leaving: false,
      },
    );
  });

  it('splits a large report within the server limits', async () => {
    const send = vi.fn<UsageSender>(async () => true);
    const recorder = createFlowUsageRecorder({ transitionOf, reportEveryMs: EVERY });
    recorder.countWith(send);
    recorder.record(Array.from({ length: 900 }, (_, i) => ({ machine: 'm', key: `m.a --e${i}--> m.b` })));
    await vi.advanceTimersByTimeAsync(EVERY);
    const sizes = send.mock.calls.map(([counts]) => counts.length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(900);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(400);
  });
});
