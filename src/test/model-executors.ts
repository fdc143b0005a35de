import type { AnyActorRef } from 'xstate';
import { settle as letAnswersArrive, type PendingCall } from './controllableActor';
import type { ModelEvent } from './modelFor';

/*
 * Event executors for model-based tests (`path.test({ events })`). A walk drives its system under
 * test in only two ways: a user event goes to the actor as the model took it, and a synthetic
 * xstate.done/xstate.error event answers the call the machine waits on. Both live here so that a
 * test lists only which event goes where, and every test answers a call the same way.
 *
 * Each takes a getter, not the actor itself: a test builds a fresh system for every path, after
 * the executors were made, so they must look it up when the step runs.
 */

/** The part of a model step an executor reads. */
interface ModelStep {
  event: { type: string };
}

/** Sends the step's event, as the model took it, to the actor `actor()` gives. */
export const sendStepEvent =
  (actor: () => Pick<AnyActorRef, 'send'>) =>
  (step: ModelStep): void =>
    actor().send(step.event);

/**
 * Answers the oldest call still waiting on a `controllableActor`: an `xstate.done.*` step resolves
 * it with the step's output, an `xstate.error.*` step rejects it with the step's error. Then waits
 * with `settle` (by default one macrotask; a test on fake timers passes its own) so the answer has
 * reached the machine before the model checks the next state.
 */
export const answerNextCall =
  <TOutput>(
    calls: () => { next: () => Pick<PendingCall<TOutput, unknown>, 'resolve' | 'reject'> },
    settle: () => Promise<unknown> = letAnswersArrive,
  ) =>
  async (step: ModelStep): Promise<void> => {
    const event = step.event as ModelEvent;
    const call = calls().next();
    if (event.type.startsWith('xstate.done')) call.resolve(event.output as TOutput);
    else call.reject(event.error);
    await settle();
  };
