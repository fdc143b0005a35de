import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindImportUpload,
  type CreateImportInput,
  IMPORT_POLL_MS,
  importUploadMachine,
  type RefusedRowsInput,
} from '../../src/machines/staff/import-upload.machine';
import {
  selectHasMoreRefusedRows,
  selectImportFile,
  selectImportFileMissing,
  selectImportJob,
  selectImportKind,
  selectImportMode,
  selectImportStep,
  selectIsDownloadingReport,
  selectIsUploading,
  selectJobFailure,
  selectJobLost,
  selectRefusedRows,
  selectRefusedRowsState,
  selectReportDownloadFailed,
  selectUploadFailure,
} from '../../src/machines/staff/import-upload.selectors';
import type { ImportJob, ReportPage } from '../../src/services/api/staff';
import { httpError, networkError } from '../../src/test/api-errors';
import { controllableActor } from '../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../src/test/model-executors';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';
import { testStaffPorts } from '../../src/test/staff-ports';
import { pathsToWalk } from '../../src/test/walk';

const job = (overrides: Partial<ImportJob>): ImportJob => ({
  id: 'job-1',
  kind: 'prices',
  mode: 'snapshot',
  status: 'queued',
  fileName: 'prices.csv',
  rowsTotal: null,
  rowsDone: 0,
  applied: 0,
  unchanged: 0,
  refused: 0,
  retired: 0,
  error: null,
  createdBy: 'staff:staff',
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});
const queued = job({});
const running = job({ status: 'running', rowsDone: 500, applied: 499, refused: 1 });
const doneWithRefusals = job({ status: 'done', rowsTotal: 900, rowsDone: 900, applied: 898, refused: 2 });
const doneClean = job({ status: 'done', rowsTotal: 900, rowsDone: 900, applied: 900 });
const failedJob = job({
  status: 'failed',
  error: { code: 'columns_missing', detail: 'The file has no column for: price.' },
});
const refusedRow = (seq: number) => ({
  seq,
  rowNumber: seq + 1,
  externalId: `P-${seq}`,
  outcome: 'refused' as const,
  reason: 'price_invalid',
  detail: 'price: "abc" is not a price.',
});
const firstPage: ReportPage = { rows: [refusedRow(1)], nextAfter: 1 };
const lastPage: ReportPage = { rows: [refusedRow(2)], nextAfter: null };
const chosen = { id: 'file-1', name: 'prices.csv', bytes: 12 };

const events: ModelEvent[] = [
  { type: 'upload.kindChosen', kind: 'prices' },
  { type: 'upload.modeChosen', mode: 'snapshot' },
  { type: 'upload.fileChosen', file: chosen },
  { type: 'upload.jobOpened', jobId: 'job-1' },
  { type: 'xstate.done.actor.createImport', output: queued },
  { type: 'xstate.error.actor.createImport', error: httpError(413, 'payload_too_large') },
  { type: 'xstate.error.actor.createImport', error: networkError },
  { type: 'xstate.done.actor.readJob', output: running },
  { type: 'xstate.done.actor.readJob', output: doneWithRefusals },
  { type: 'xstate.done.actor.readJob', output: doneClean },
  { type: 'xstate.done.actor.readJob', output: failedJob },
  { type: 'xstate.error.actor.readJob', error: networkError },
  { type: 'xstate.error.actor.readRefusedRows', error: httpError(500) },
  { type: 'xstate.error.actor.downloadReport', error: networkError },
];
// the server's pages in order: the first, then the last (so the list never grows without end)
const eventsAt = (s: AnyMachineSnapshot): ModelEvent[] => [
  ...events,
  {
    type: 'xstate.done.actor.readRefusedRows',
    output: s.context.refusedRows.length === 0 ? firstPage : lastPage,
  },
];
// the guards read the file, the job's refusals and the report's cursor; the rest the tests compare
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.kind,
    s.context.mode,
    s.context.file?.id ?? null,
    s.context.fileMissing,
    s.context.job?.status ?? null,
    s.context.job?.refused ?? null,
    s.context.nextAfter,
    s.context.refusedRows.length,
  ]);
const model = modelFor(importUploadMachine, { events: eventsAt, serializeState });
const walked = pathsToWalk('importUpload', importUploadMachine, model.getShortestPaths());

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sut?.actor.stop();
  vi.useRealTimers();
});

function createSut() {
  const createImport = controllableActor<ImportJob, CreateImportInput>();
  const readJob = controllableActor<ImportJob, { jobId: string }>();
  const readRefusedRows = controllableActor<ReportPage, RefusedRowsInput>();
  const downloadReport = controllableActor<void, { jobId: string }>();
  const actor = createActor(
    importUploadMachine.provide({
      actors: {
        createImport: createImport.logic,
        readJob: readJob.logic,
        readRefusedRows: readRefusedRows.logic,
        downloadReport: downloadReport.logic,
      },
    }),
  ).start();
  return { actor, createImport, readJob, readRefusedRows, downloadReport };
}
let sut: ReturnType<typeof createSut>;

const settle = () => vi.advanceTimersByTimeAsync(0);
const send = sendStepEvent(() => sut.actor);
const executors = {
  'upload.kindChosen': send,
  'upload.modeChosen': send,
  'upload.fileChosen': send,
  'upload.submitted': send,
  'upload.retried': send,
  'upload.moreRowsAsked': send,
  'upload.reportRetried': send,
  'upload.downloadAsked': send,
  'upload.startedAgain': send,
  'upload.jobOpened': send,
  'xstate.done.actor.createImport': answerNextCall(() => sut.createImport, settle),
  'xstate.error.actor.createImport': answerNextCall(() => sut.createImport, settle),
  'xstate.done.actor.readJob': answerNextCall(() => sut.readJob, settle),
  'xstate.error.actor.readJob': answerNextCall(() => sut.readJob, settle),
  'xstate.done.actor.readRefusedRows': answerNextCall(() => sut.readRefusedRows, settle),
  'xstate.error.actor.readRefusedRows': answerNextCall(() => sut.readRefusedRows, settle),
  'xstate.done.actor.downloadReport': answerNextCall(() => sut.downloadReport, settle),
  'xstate.error.actor.downloadReport': answerNextCall(() => sut.downloadReport, settle),
  'xstate.after.poll.importUpload.following.waiting': () => vi.advanceTimersByTimeAsync(IMPORT_POLL_MS),
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectImportKind(now())).toBe(expected.context.kind);
  expect(selectImportMode(now())).toBe(expected.context.mode);
  expect(selectImportFile(now())).toEqual(expected.context.file);
  expect(selectImportJob(now())).toEqual(expected.context.job);
};

describe('import upload machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        choosing: (s) => {
          sameAsModel(s);
          expect(selectImportStep(now())).toBe('choosing');
          expect(selectIsUploading(now())).toBe(false);
          expect(selectImportFileMissing(now())).toBe(s.context.fileMissing);
          // a new upload starts from nothing but the choices
          expect(selectImportJob(now())).toBeNull();
          expect(selectRefusedRows(now())).toEqual([]);
        },
        uploading: (s) => {
          sameAsModel(s);
          expect(selectIsUploading(now())).toBe(true);
          // the chosen file goes, with the chosen kind and mode, every time (a retry included)
          expect(sut.createImport.calls.at(-1)?.input).toEqual({
            kind: s.context.kind,
            mode: s.context.mode,
            file: chosen,
          });
        },
        uploadFailed: (s) => {
          sameAsModel(s);
          expect(selectImportStep(now())).toBe('uploadFailed');
          expect(selectImportFile(now())).toEqual(chosen);
          expect(selectUploadFailure(now())).toEqual({ status: s.context.error?.status ?? null });
        },
        'following.waiting': (s) => {
          sameAsModel(s);
          expect(selectImportStep(now())).toBe('following');
          expect(selectImportJob(now())?.status).toMatch(/queued|running/);
          expect(selectJobLost(now())).toBe(false);
        },
        'following.reading': (s) => {
          sameAsModel(s);
          expect(selectImportStep(now())).toBe('following');
          expect(sut.readJob.calls.at(-1)?.input).toEqual({ jobId: 'job-1' });
        },
        'following.lost': (s) => {
          sameAsModel(s);
          expect(selectJobLost(now())).toBe(true);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectImportStep(now())).toBe('failed');
          expect(selectJobFailure(now())).toEqual(failedJob.error);
        },
        'done.report.noRefusals': (s) => {
          sameAsModel(s);
          expect(selectImportStep(now())).toBe('done');
          expect(selectImportJob(now())?.refused).toBe(0);
          expect(selectRefusedRowsState(now())).toBe('none');
          expect(sut.readRefusedRows.calls).toHaveLength(0);
        },
        'done.report.loading': (s) => {
          sameAsModel(s);
          expect(selectRefusedRowsState(now())).toBe('loading');
          // the first page from the start, each next one after the last row read
          expect(sut.readRefusedRows.calls.at(-1)?.input).toEqual({
            jobId: 'job-1',
            after: s.context.nextAfter,
          });
        },
        'done.report.shown': (s) => {
          sameAsModel(s);
          expect(selectRefusedRowsState(now())).toBe('shown');
          expect(selectRefusedRows(now())).toEqual(s.context.refusedRows);
          expect(selectHasMoreRefusedRows(now())).toBe(s.context.nextAfter !== null);
        },
        'done.report.failed': (s) => {
          sameAsModel(s);
          expect(selectRefusedRowsState(now())).toBe('failed');
        },
        'done.download.downloading': (s) => {
          sameAsModel(s);
          expect(selectIsDownloadingReport(now())).toBe(true);
          expect(sut.downloadReport.calls.at(-1)?.input).toEqual({ jobId: 'job-1' });
        },
        'done.download.failed': (s) => {
          sameAsModel(s);
          expect(selectReportDownloadFailed(now())).toBe(true);
          expect(selectIsDownloadingReport(now())).toBe(false);
        },
      },
    });
  });
});

describe('the upload bound to its ports', () => {
  it('sends the file kept for the chosen id, and again on Try again', async () => {
    vi.useRealTimers();
    const sent: Blob[] = [];
    const ports = testStaffPorts({
      api: {
        createImport: async (upload) => {
          sent.push(upload.file);
          if (sent.length === 1) throw networkError;
          return queued;
        },
        importJob: async () => doneClean,
      },
    });
    const file = new Blob(['id;price\nP-1;1.00\n'], { type: 'text/csv' });
    const id = ports.files.keep(file);
    sut = { ...createSut(), actor: createActor(bindImportUpload(ports)).start() };
    sut.actor.send({ type: 'upload.fileChosen', file: { id, name: 'prices.csv', bytes: file.size } });
    sut.actor.send({ type: 'upload.submitted' });
    await vi.waitFor(() => expect(selectImportStep(sut.actor.getSnapshot())).toBe('uploadFailed'));

    sut.actor.send({ type: 'upload.retried' });
    await vi.waitFor(() => expect(selectImportStep(sut.actor.getSnapshot())).toBe('following'));
    expect(sent).toEqual([file, file]);
  });

  it('saves the report fetched with the token as import-<id>-report.csv', async () => {
    vi.useRealTimers();
    const saved: { fileName: string; mimeType: string; content: unknown }[] = [];
    const csv = new Blob(['row,external_id,outcome,reason,detail\n']);
    const ports = testStaffPorts({
      api: { importJob: async () => doneClean, reportFile: async () => csv },
      saveFile: (file) => saved.push(file),
    });
    sut = { ...createSut(), actor: createActor(bindImportUpload(ports)).start() };
    sut.actor.send({ type: 'upload.jobOpened', jobId: 'job-1' });
    await vi.waitFor(() => expect(selectImportStep(sut.actor.getSnapshot())).toBe('done'));

    sut.actor.send({ type: 'upload.downloadAsked' });
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ fileName: 'import-job-1-report.csv', mimeType: 'text/csv', content: csv });
  });
});
