/**
 * After this long without an answer, sign-in, session restore and placing an order say
 * that it is taking longer and offer Cancel (a machine's `slowAnswer` delay).
 */
export const SLOW_ANSWER_MS = 10_000;
