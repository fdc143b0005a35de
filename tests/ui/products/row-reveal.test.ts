import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRowReveal } from '../../../src/ui/screens/products/row-reveal';

// A virtual list fills the rows a jump brings in a few per frame, those on screen first, so no
// single frame draws a whole screen of rows; a row that leaves before its turn is never filled.
describe('filling in the rows of a long list', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** rows `from`..`to` ask to be filled; returns the order they were filled in and their cancels */
  function rows(reveal: ReturnType<typeof createRowReveal>, from: number, to: number) {
    const filled: number[] = [];
    const cancels = new Map<number, () => void>();
    for (let index = from; index <= to; index++)
      cancels.set(
        index,
        reveal.add(index, () => filled.push(index)),
      );
    return { filled, cancels };
  }

  it('fills a few rows per frame, the rows on screen before those above it', () => {
    const reveal = createRowReveal(4);
    reveal.setAnchor(1000);
    const { filled, cancels } = rows(reveal, 996, 1007);
    expect(filled).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(filled).toEqual([1000, 1001, 1002, 1003]);
    // the next batch waits until this one is drawn (each row's fill-in reports back by its cancel)
    vi.advanceTimersToNextFrame();
    expect(filled).toHaveLength(4);
    for (const index of [1000, 1001, 1002, 1003]) cancels.get(index)?.();
    vi.advanceTimersToNextFrame();
    expect(filled.slice(4)).toEqual([1004, 1005, 1006, 1007]);
    for (const index of [1004, 1005, 1006, 1007]) cancels.get(index)?.();
    vi.advanceTimersToNextFrame();
    // the overscan rows above the screen come last
    expect(filled.slice(8)).toEqual([999, 998, 997, 996]);
  });

  it('never fills a row that went away before its turn', () => {
    const reveal = createRowReveal(4);
    const { filled, cancels } = rows(reveal, 0, 5);
    cancels.get(1)?.();
    cancels.get(2)?.();
    vi.advanceTimersToNextFrame();
    expect(filled).toEqual([0, 3, 4, 5]);
  });

  it('goes on when a batch is never drawn', () => {
    const reveal = createRowReveal(2);
    const { filled } = rows(reveal, 0, 3);
    vi.advanceTimersToNextFrame();
    expect(filled).toEqual([0, 1]);
    vi.advanceTimersByTime(600);
    expect(filled).toEqual([0, 1, 2, 3]);
  });
});
