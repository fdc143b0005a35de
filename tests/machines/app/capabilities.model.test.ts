import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { bindCapabilities, capabilitiesMachine } from '../../../src/machines/app/capabilities.machine';
import {
  lacksCapability,
  selectCapabilitiesKnown,
  selectHasCapability,
} from '../../../src/machines/app/capabilities.selectors';
import { ApiError } from '../../../src/services/api';
import type { Capability } from '../../../src/services/api/capabilities';
import { controllableActor } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const offline = new ApiError({ kind: 'network', call: 'GET capabilities/' }, 'no answer');
const announced: Capability[] = ['brands', 'favourites', 'revoke'];

const model = modelFor(capabilitiesMachine, {
  events: [
    { type: 'xstate.done.actor.discover', output: announced },
    { type: 'xstate.error.actor.discover', error: offline },
    { type: 'capability.lost', capability: 'favourites' },
  ],
  // no guard reads the context: the state value is the node
  serializeState: (s) => JSON.stringify(s.value),
});
// `capability.lost` changes no state value, so shortest paths never take it; this path does.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([
    { type: 'xstate.done.actor.discover', output: announced },
    { type: 'capability.lost', capability: 'favourites' },
  ]),
];
const walked = pathsToWalk('capabilities', capabilitiesMachine, paths);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function createSut() {
  const discover = controllableActor<Capability[], void>();
  const actor = createActor(capabilitiesMachine.provide({ actors: { discover: discover.logic } })).start();
  return { actor, discover, announced: [] as Capability[], lost: [] as Capability[] };
}
let sut: ReturnType<typeof createSut>;

const executors = {
  'xstate.done.actor.discover': async (step: { event: { type: string } }) => {
    const output = (step.event as ModelEvent).output as Capability[];
    sut.discover.next().resolve(output);
    sut.announced = [...output];
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.error.actor.discover': async (step: { event: { type: string } }) => {
    sut.discover.next().reject((step.event as ModelEvent).error);
    await vi.advanceTimersByTimeAsync(0);
  },
  'xstate.after.rediscover.capabilities.unreachable': () => vi.advanceTimersByTimeAsync(3000),
  'capability.lost': (step: { event: { type: string } }) => {
    const { capability } = step.event as unknown as { capability: Capability };
    sut.actor.send({ type: 'capability.lost', capability });
    sut.lost.push(capability);
  },
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);

describe('capabilities machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        discovering: (s) => {
          sameAsModel(s);
          expect(sut.discover.calls).toHaveLength(1);
          // before the answer, nothing is taken away from the screens
          expect(selectHasCapability(sut.actor.getSnapshot(), 'favourites')).toBe(true);
          expect(selectCapabilitiesKnown(sut.actor.getSnapshot())).toBe(false);
        },
        unreachable: (s) => {
          sameAsModel(s);
          expect(lacksCapability(sut.actor.getSnapshot(), 'brands')).toBe(false);
        },
        known: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(snapshot.context.available).toEqual(sut.announced);
          expect(selectHasCapability(snapshot, 'brands')).toBe(true);
          expect(selectHasCapability(snapshot, 'documents')).toBe(false);
          expect(selectHasCapability(snapshot, 'favourites')).toBe(!sut.lost.includes('favourites'));
        },
      },
    });
    sut.actor.stop();
  });
});

describe('capabilities machine (unit)', () => {
  it('a call shown missing before discovery answered stays missing after it', async () => {
    sut = createSut();
    sut.actor.send({ type: 'capability.lost', capability: 'favourites' });
    expect(lacksCapability(sut.actor.getSnapshot(), 'favourites')).toBe(true);
    sut.discover.next().resolve(['favourites', 'brands']);
    await vi.advanceTimersByTimeAsync(0);
    expect(lacksCapability(sut.actor.getSnapshot(), 'favourites')).toBe(true);
    expect(lacksCapability(sut.actor.getSnapshot(), 'brands')).toBe(false);
    sut.actor.stop();
  });
});

describe('capabilities machine (bound)', () => {
  it('asks the API once at start and keeps what it announced', async () => {
    const capabilities = vi.fn(async () => ['documents'] as Capability[]);
    const ports = testPorts({ capabilities });
    const actor = createActor(bindCapabilities(ports)).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(capabilities).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.available).toEqual(['documents']);
    expect(lacksCapability(actor.getSnapshot(), 'favourites')).toBe(true);
    actor.stop();
  });
});
