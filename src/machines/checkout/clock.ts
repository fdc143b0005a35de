/**
 * The clock the checkout and its countdown count from: the one place they read the time, so tests
 * drive both with fake timers (vi.useFakeTimers fakes Date and the delays together).
 */
export const clock = (): Date => new Date();
