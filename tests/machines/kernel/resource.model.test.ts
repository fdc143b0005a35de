import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { bindResource, createResourceMachine } from '../../../src/machines/kernel/resource.machine';
import { ApiError } from '../../../src/services/api';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

type Languages = string[];
const machine = createResourceMachine<Languages>('languages');
const serverError = new ApiError(
  { kind: 'http', call: 'GET baf/languages/', status: 500 },
  'GET baf/languages/ failed with HTTP 500',
);

// a backend without the call at all (a capability beyond the specification)
const missingCall = new ApiError(
  { kind: 'http', call: 'GET baf/languages/', status: 501 },
  'GET baf/languages/ failed with HTTP 501',
);

const model = modelFor(machine, {
  events: [
    { type: 'xstate.done.actor.load', output: ['en', 'de'] },
    { type: 'xstate.error.actor.load', error: serverError },
    { type: 'xstate.error.actor.load', error: missingCall },
    { type: 'xstate.error.actor.reload', error: missingCall },
    { type: 'xstate.done.actor.reload', output: ['en', 'de', 'ar'] },
    { type: 'xstate.error.actor.reload', error: serverError },
    // a write elsewhere (the notifications' mark-read) replaces the shown value
    { type: 'resource.patched', value: ['en', 'fr'] },
  ],
  // the guards read only the failed call's error (an event), never the context
  serializeState: (s) => JSON.stringify(s.value),
});
// `resource.patched` changes no state value, so shortest paths never take it; these paths do.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([
    { type: 'resource.load' },
    { type: 'xstate.done.actor.load', output: ['en', 'de'] },
    { type: 'resource.patched', value: ['en', 'fr'] },
    { type: 'resource.reload' },
    { type: 'resource.patched', value: ['en', 'fr'] },
  ]),
  // a refresh while a call is on its way stays in the same state (the call starts again): these paths take it
  ...model.getPathsFromEvents([{ type: 'resource.load' }, { type: 'resource.refresh' }]),
  ...model.getPathsFromEvents([
    { type: 'resource.load' },
    { type: 'xstate.done.actor.load', output: ['en', 'de'] },
    { type: 'resource.reload' },
    { type: 'resource.refresh' },
  ]),
];
const walked = pathsToWalk('resource', machine, paths);

function createSut() {
  const load = controllableActor<Languages, void>();
  const actor = createActor(machine.provide({ actors: { load: load.logic } })).start();
  // what a view should show, kept from the answers this test gave (not from the chart)
  return { actor, load, shown: null as Languages | null, failure: null as { status: number } | null };
}
let sut: ReturnType<typeof createSut> | undefined;
afterEach(() => sut?.actor.stop());

const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut!.load.next();
  if (outcome === 'resolve') {
    call.resolve(event.output as Languages);
    sut!.shown = event.output as Languages;
    sut!.failure = null;
  } else {
    call.reject(event.error);
    // a backend without the call is no failure to show: the screen leaves the data out
    const { status } = event.error as ApiError;
    if (status !== 501) sut!.failure = { status: status ?? 0 };
  }
  await settle();
};
const send = (step: { event: { type: string } }) => sut!.actor.send(step.event as never);
const patch = (step: { event: { type: string } }) => {
  send(step);
  sut!.shown = (step.event as ModelEvent).value as Languages;
};
const clear = (step: { event: { type: string } }) => {
  send(step);
  sut!.shown = null;
  sut!.failure = null;
};
/** A refresh aborts the call on its way (its answer would be in the old language) and starts another. */
const refresh = (step: { event: { type: string } }) => {
  const onItsWay = [...sut!.load.calls];
  send(step);
  expect(onItsWay.filter((call) => !call.signal.aborted)).toEqual([]);
  sut!.load.calls.splice(0, onItsWay.length);
};
const executors = {
  'resource.load': send,
  'resource.reload': send,
  'resource.refresh': refresh,
  'resource.clear': clear,
  'resource.patched': patch,
  'xstate.done.actor.load': settleWith('resolve'),
  'xstate.error.actor.load': settleWith('reject'),
  'xstate.done.actor.reload': settleWith('resolve'),
  'xstate.error.actor.reload': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

/** What a view sees: the state as the model predicts, the value and the error as the answers given. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.value).toEqual(sut!.shown);
  expect(actual.context.error).toEqual(
    sut!.failure ? expect.objectContaining({ kind: 'http', ...sut!.failure }) : null,
  );
};

describe('resource machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        new: (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.value).toBeNull();
        },
        loading: (s) => {
          sameAsModel(s);
          expect(sut!.load.calls).toHaveLength(1);
        },
        resolved: sameAsModel,
        reloading: (s) => {
          sameAsModel(s);
          // the previous value stays visible while the reload runs
          expect(sut!.actor.getSnapshot().context.value).not.toBeNull();
        },
        rejected: (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.error).toMatchObject({ kind: 'http', status: 500 });
        },
        unavailable: (s) => {
          sameAsModel(s);
          // nothing to retry: a load asks nothing more
          sut!.actor.send({ type: 'resource.load' });
          expect(sut!.actor.getSnapshot().value).toBe('unavailable');
          expect(sut!.load.calls).toHaveLength(0);
        },
      },
    });
  });
});

describe('resource machine (unit)', () => {
  it('resource.load is a no-op once resolved', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.load' });
    sut.load.next().resolve(['en']);
    await settle();
    sut.actor.send({ type: 'resource.load' });
    expect(sut.actor.getSnapshot().value).toBe('resolved');
    expect(sut.load.calls).toHaveLength(0);
  });

  it('clearing during a load aborts it and ignores its late answer', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.load' });
    const call = sut.load.next();
    sut.actor.send({ type: 'resource.clear' });
    expect(call.signal.aborted).toBe(true);
    call.resolve(['en']);
    await settle();
    expect(sut.actor.getSnapshot()).toMatchObject({ value: 'new', context: { value: null } });
  });

  it('resource.refresh asks nothing of a resource nobody has asked for yet', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.refresh' });
    await settle();
    expect(sut.actor.getSnapshot().value).toBe('new');
    expect(sut.load.calls).toHaveLength(0);
  });

  it('resource.refresh keeps the shown value until the fresh one replaces it', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.load' });
    sut.load.next().resolve(['English']);
    await settle();
    sut.actor.send({ type: 'resource.refresh' });
    expect(sut.actor.getSnapshot()).toMatchObject({ value: 'reloading', context: { value: ['English'] } });
    sut.load.next().resolve(['Deutsch']);
    await settle();
    expect(sut.actor.getSnapshot()).toMatchObject({ value: 'resolved', context: { value: ['Deutsch'] } });
  });

  it('resource.refresh during a load ignores the answer already on its way', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.load' });
    const stale = sut.load.next();
    sut.actor.send({ type: 'resource.refresh' });
    stale.resolve(['English']);
    sut.load.next().resolve(['Deutsch']);
    await settle();
    expect(sut.actor.getSnapshot()).toMatchObject({ value: 'resolved', context: { value: ['Deutsch'] } });
  });

  it('bindResource runs the bound loader with an abort signal', async () => {
    let received: unknown;
    const bound = bindResource(createResourceMachine<number>('probe'), async (signal) => {
      received = { aborted: signal.aborted };
      return 1;
    });
    const actor = createActor(bound).start();
    actor.send({ type: 'resource.load' });
    await settle();
    expect(received).toEqual({ aborted: false });
    expect(actor.getSnapshot()).toMatchObject({ value: 'resolved', context: { value: 1 } });
  });

  it('resource.patched replaces a shown value and is ignored while there is none', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.patched', value: ['xx'] });
    expect(sut.actor.getSnapshot().context.value).toBeNull();
    sut.actor.send({ type: 'resource.load' });
    sut.load.next().resolve(['en']);
    await settle();
    sut.actor.send({ type: 'resource.patched', value: ['en', 'fr'] });
    expect(sut.actor.getSnapshot()).toMatchObject({ value: 'resolved', context: { value: ['en', 'fr'] } });
  });

  it('reports a failed load through the bound reportError (a no-op by default)', async () => {
    const reportError = vi.fn();
    const load = controllableActor<Languages, void>();
    const actor = createActor(
      machine.provide({ actors: { load: load.logic }, actions: { reportError } }),
    ).start();
    actor.send({ type: 'resource.load' });
    load.next().reject(serverError);
    await settle();
    expect(reportError).toHaveBeenCalledWith(expect.anything(), { error: serverError });
    actor.stop();
  });

  it('an unbound resource fails loudly instead of pretending to load', async () => {
    const actor = createActor(createResourceMachine<number>('probe')).start();
    actor.send({ type: 'resource.load' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.error?.message).toContain('"probe.load" is not bound');
  });
});
