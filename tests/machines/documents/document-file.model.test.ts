import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { PortalDocument } from '../../../src/domain/types';
import {
  bindDocumentFile,
  type DocumentFileEmitted,
  documentFileMachine,
  type LoadDocumentFileInput,
} from '../../../src/machines/documents/document-file.machine';
import {
  selectDocumentFileBusyMode,
  selectDocumentFileFailed,
  selectIsDocumentFileBusy,
} from '../../../src/machines/documents/document-file.selectors';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

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
const serverError = new ApiError(
  { kind: 'http', call: 'GET netb2b/documents/3/file/', status: 500 },
  'GET netb2b/documents/3/file/ failed with HTTP 500',
);

const model = modelFor(documentFileMachine, {
  input: { document: priceList },
  events: [
    { type: 'documentFile.requested', mode: 'open' },
    { type: 'documentFile.requested', mode: 'download' },
    { type: 'xstate.done.actor.loadFile', output: 'blob:file' },
    { type: 'xstate.error.actor.loadFile', error: serverError },
  ],
  // the chart has no guards: the state is the whole key
  serializeState: (s) => JSON.stringify(s.value),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('documentFile', documentFileMachine, paths);

function createSut() {
  const loadFile = controllableActor<string, LoadDocumentFileInput>();
  const reportError = vi.fn();
  const actor = createActor(
    documentFileMachine.provide({ actors: { loadFile: loadFile.logic }, actions: { reportError } }),
    { input: { document: priceList } },
  );
  const ready: DocumentFileEmitted[] = [];
  actor.on('documentFile.ready', (event) => ready.push(event));
  actor.start();
  return {
    actor,
    loadFile,
    reportError,
    ready,
    /** what the row must have been handed: each fetched file once, for the request that fetched it */
    handed: [] as DocumentFileEmitted[],
    /** the button pressed last, and whether its fetch failed */
    mode: null as string | null,
    failing: false,
  };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const executors = {
  'documentFile.requested': (step: { event: { type: string } }) => {
    sut.mode = (step.event as ModelEvent).mode as string;
    sut.failing = false;
    send(step);
  },
  'documentFile.retried': (step: { event: { type: string } }) => {
    sut.failing = false;
    send(step);
  },
  'xstate.done.actor.loadFile': async () => {
    const url = `blob:file-${sut.handed.length + 1}`;
    sut.handed.push({
      type: 'documentFile.ready',
      url,
      mode: sut.mode as DocumentFileEmitted['mode'],
      fileName: 'price-list-2027.pdf',
    });
    sut.loadFile.next().resolve(url);
    await settle();
  },
  'xstate.error.actor.loadFile': async (step: { event: { type: string } }) => {
    sut.loadFile.next().reject((step.event as ModelEvent).error);
    sut.failing = true;
    await settle();
  },
};
assertExecutorsFor(walked, executors);

/** What a row of the table sees: the state, the button pressed last, the failure of its fetch. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.mode).toBe(sut.mode);
  expect(actual.context.error?.status ?? null).toBe(sut.failing ? 500 : null);
};

describe('document file machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(selectIsDocumentFileBusy(sut.actor.getSnapshot())).toBe(false);
          expect(selectDocumentFileFailed(sut.actor.getSnapshot())).toBe(false);
          expect(sut.loadFile.calls).toHaveLength(0);
          // every fetched file was handed over once, for the request that fetched it
          expect(sut.ready).toEqual(sut.handed);
        },
        fetching: (s) => {
          sameAsModel(s);
          expect(selectIsDocumentFileBusy(sut.actor.getSnapshot())).toBe(true);
          expect(selectDocumentFileBusyMode(sut.actor.getSnapshot())).toBe(sut.mode);
          expect(selectDocumentFileFailed(sut.actor.getSnapshot())).toBe(false);
          expect(sut.loadFile.calls.map((call) => call.input.document)).toEqual([priceList]);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectDocumentFileFailed(sut.actor.getSnapshot())).toBe(true);
          expect(selectDocumentFileBusyMode(sut.actor.getSnapshot())).toBeNull();
          expect(sut.loadFile.calls).toHaveLength(0);
          expect(sut.reportError).toHaveBeenCalledWith(expect.anything(), { error: serverError });
        },
      },
    });
  });
});

describe('document file (bound)', () => {
  it('fetches the document file and hands over an object URL of its bytes', async () => {
    const documentFile = vi.fn(async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    const actor = createActor(bindDocumentFile(testPorts({ documentFile } as Partial<PortalApi>)), {
      input: { document: priceList },
    });
    const ready: DocumentFileEmitted[] = [];
    actor.on('documentFile.ready', (event) => ready.push(event));
    actor.start();
    actor.send({ type: 'documentFile.requested', mode: 'download' });
    await vi.waitFor(() => expect(ready).toHaveLength(1));
    expect(documentFile).toHaveBeenCalledWith(
      priceList,
      expect.objectContaining({ signal: expect.anything() }),
    );
    expect(ready[0]).toMatchObject({ mode: 'download', fileName: 'price-list-2027.pdf' });
    expect(ready[0]?.url).toMatch(/^blob:/);
    URL.revokeObjectURL(ready[0]!.url);
    actor.stop();
  });

  it('reports a failed fetch (spec point 8) and retries the same request', async () => {
    const documentFile = vi
      .fn()
      .mockRejectedValueOnce(serverError)
      .mockResolvedValueOnce(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    const reportError = vi.fn(async () => undefined);
    const actor = createActor(
      bindDocumentFile(testPorts({ documentFile, reportError } as Partial<PortalApi>)),
      { input: { document: priceList } },
    ).start();
    const ready: DocumentFileEmitted[] = [];
    actor.on('documentFile.ready', (event) => ready.push(event));
    actor.send({ type: 'documentFile.requested', mode: 'open' });
    await vi.waitFor(() => expect(selectDocumentFileFailed(actor.getSnapshot())).toBe(true));
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'documentFile', status: 500 }),
    );
    actor.send({ type: 'documentFile.retried' });
    await vi.waitFor(() => expect(ready).toHaveLength(1));
    expect(ready[0]?.mode).toBe('open');
    URL.revokeObjectURL(ready[0]!.url);
    actor.stop();
  });
});
