import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { PortalDocument } from '../../../src/domain/types';
import { bindDocuments, documentsResource } from '../../../src/machines/documents/documents.resource';
import { selectDocumentsNotOffered } from '../../../src/machines/documents/documents.selectors';
import {
  selectIsResourceRejected,
  selectResourceStatus,
  selectResourceValue,
} from '../../../src/machines/kernel/resource.selectors';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

// The documents list is the generic resource (its chart is walked in resource.model.test.ts); this walks
// the same chart as the documents screen runs it: bound to the API's documents call, failures reported.
const priceList: PortalDocument = {
  id: 'doc-3',
  type: 'price_list',
  name: 'Price list 2027',
  createdAt: '2026-11-02T09:00:00.000Z',
  size: 24_576,
  contentType: 'application/pdf',
  file: 'netb2b/documents/3/file/',
  fileName: 'price-list-2027.pdf',
};
const invoice: PortalDocument = {
  id: 'invoice-501',
  type: 'invoice',
  name: 'Invoice 501',
  createdAt: '2026-11-01T09:00:00.000Z',
  size: null,
  contentType: 'text/html',
  file: 'netb2b/orders/501/invoice/',
  fileName: 'invoice-501.html',
};
const serverError = new ApiError(
  { kind: 'http', call: 'GET netb2b/documents/', status: 500 },
  'GET netb2b/documents/ failed with HTTP 500',
);

const missingCall = new ApiError(
  { kind: 'http', call: 'GET netb2b/documents/', status: 501 },
  'GET netb2b/documents/ failed with HTTP 501',
);

const model = modelFor(documentsResource, {
  events: [
    { type: 'xstate.done.actor.load', output: [priceList] },
    { type: 'xstate.error.actor.load', error: serverError },
    { type: 'xstate.done.actor.reload', output: [priceList, invoice] },
    { type: 'xstate.error.actor.reload', error: serverError },
    // a backend without documents (capability `documents`)
    { type: 'xstate.error.actor.load', error: missingCall },
    { type: 'xstate.error.actor.reload', error: missingCall },
    { type: 'resource.patched', value: [invoice] },
  ],
  // the resource's one guard reads the failed call's error (an event), never the context
  serializeState: (s) => JSON.stringify(s.value),
});
// `resource.patched` changes no state value, so shortest paths never take it; this path does.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([
    { type: 'resource.load' },
    { type: 'xstate.done.actor.load', output: [priceList] },
    { type: 'resource.patched', value: [invoice] },
    { type: 'resource.reload' },
    { type: 'resource.patched', value: [invoice] },
  ]),
  // a refresh (another interface language) while a call is on its way starts it again in the same state
  ...model.getPathsFromEvents([{ type: 'resource.load' }, { type: 'resource.refresh' }]),
  ...model.getPathsFromEvents([
    { type: 'resource.load' },
    { type: 'xstate.done.actor.load', output: [priceList] },
    { type: 'resource.reload' },
    { type: 'resource.refresh' },
  ]),
];
const walked = pathsToWalk('documents', documentsResource, paths);

interface Call {
  signal: AbortSignal;
  resolve: (value: PortalDocument[]) => void;
  reject: (error: unknown) => void;
}

/** The resource bound as the screen binds it, to a stand-in API whose documents call the test settles. */
function createSut() {
  const calls: Call[] = [];
  const documents = vi.fn(
    ({ signal }: { signal: AbortSignal }) =>
      new Promise<PortalDocument[]>((resolve, reject) => calls.push({ signal, resolve, reject })),
  );
  const reportError = vi.fn(async () => undefined);
  const api = { documents, reportError } as unknown as Partial<PortalApi>;
  const actor = createActor(bindDocuments(testPorts(api))).start();
  // what the screen should show, kept from the answers this test gave (not from the chart)
  return { actor, calls, documents, reportError, shown: null as PortalDocument[] | null, failing: false };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const next = () => {
  const call = sut.calls.shift();
  if (!call) throw new Error('documents was not called');
  return call;
};
const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  if (outcome === 'resolve') {
    next().resolve(event.output as PortalDocument[]);
    sut.shown = event.output as PortalDocument[];
    sut.failing = false;
  } else {
    next().reject(event.error);
    // a backend without documents is no failure to show: the screen says they are not offered
    if (event.error !== missingCall) sut.failing = true;
  }
  await settle();
};
const executors = {
  'resource.load': send,
  'resource.reload': send,
  'resource.patched': (step: { event: { type: string } }) => {
    send(step);
    sut.shown = (step.event as ModelEvent).value as PortalDocument[];
  },
  'resource.refresh': (step: { event: { type: string } }) => {
    const onItsWay = sut.calls.splice(0);
    send(step);
    // the call on its way (in the old language) is aborted; a new one replaces it
    expect(onItsWay.filter((call) => !call.signal.aborted)).toEqual([]);
  },
  'resource.clear': (step: { event: { type: string } }) => {
    send(step);
    sut.shown = null;
    sut.failing = false;
    // a call under way is aborted, and an aborted call never settles (StrictMode's double start)
    expect(sut.calls.splice(0).filter((call) => !call.signal.aborted)).toEqual([]);
  },
  'xstate.done.actor.load': settleWith('resolve'),
  'xstate.error.actor.load': settleWith('reject'),
  'xstate.done.actor.reload': settleWith('resolve'),
  'xstate.error.actor.reload': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

/** What the documents screen sees: the state as the model predicts, the documents and the failure as the server answered. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(selectResourceStatus(actual)).toEqual(expected.value);
  expect(selectResourceValue(actual)).toEqual(sut.shown);
  expect(selectIsResourceRejected(actual)).toBe(expected.value === 'rejected');
  expect(actual.context.error?.status ?? null).toBe(sut.failing ? 500 : null);
};

describe('documents resource (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        new: (s) => {
          sameAsModel(s);
          expect(sut.calls).toHaveLength(0);
        },
        loading: (s) => {
          sameAsModel(s);
          expect(sut.calls).toHaveLength(1);
        },
        reloading: (s) => {
          sameAsModel(s);
          expect(sut.calls).toHaveLength(1);
        },
        resolved: (s) => {
          sameAsModel(s);
          expect(sut.calls).toHaveLength(0);
        },
        unavailable: (s) => {
          sameAsModel(s);
          // the screen says the documents are not offered (no Try again)
          expect(selectDocumentsNotOffered(sut.actor.getSnapshot())).toBe(true);
        },
        rejected: (s) => {
          sameAsModel(s);
          // spec point 8: each failed load is reported, with the resource as the source
          expect(sut.reportError).toHaveBeenLastCalledWith(
            expect.objectContaining({ source: 'documents', status: 500, call: 'GET netb2b/documents/' }),
          );
        },
      },
    });
  });
});

describe('documents resource (unit)', () => {
  it('a load aborted by clear never lands as a failure', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.load' });
    const [call] = sut.calls;
    sut.actor.send({ type: 'resource.clear' });
    call!.reject(new DOMException('aborted', 'AbortError'));
    await settle();
    expect(selectResourceStatus(sut.actor.getSnapshot())).toBe('new');
    expect(sut.reportError).not.toHaveBeenCalled();
  });
});
