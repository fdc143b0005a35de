import { assign, fromPromise, setup } from 'xstate';
import type {
  ImportJob,
  ImportKindName,
  ImportModeName,
  ReportPage,
  ReportRow,
} from '../../services/api/staff';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import { untilAborted } from '../kernel/until-aborted';
import type { StaffPorts } from './staff-ports';

/** how often a queued or running job is asked again */
export const IMPORT_POLL_MS = 1_500;

/** The chosen file as plain data: the file itself waits in the ports' `files` under `id`. */
export interface ChosenFile {
  id: string;
  name: string;
  bytes: number;
}

export interface ImportUploadContext {
  kind: ImportKindName;
  mode: ImportModeName;
  file: ChosenFile | null;
  /** Upload was pressed without a file */
  fileMissing: boolean;
  jobId: string | null;
  job: ImportJob | null;
  /** the refused rows read so far, page by page */
  refusedRows: ReportRow[];
  /** the cursor of the next page of refused rows; null when all are read */
  nextAfter: number | null;
  error: ErrorInfo | null;
}

export type ImportUploadEvent =
  | { type: 'upload.kindChosen'; kind: ImportKindName }
  | { type: 'upload.modeChosen'; mode: ImportModeName }
  | { type: 'upload.fileChosen'; file: ChosenFile }
  | { type: 'upload.submitted' }
  | { type: 'upload.retried' }
  | { type: 'upload.moreRowsAsked' }
  | { type: 'upload.reportRetried' }
  | { type: 'upload.downloadAsked' }
  | { type: 'upload.startedAgain' }
  /** a job opened from the list: followed from its current state */
  | { type: 'upload.jobOpened'; jobId: string };

export interface CreateImportInput {
  kind: ImportKindName;
  mode: ImportModeName;
  file: ChosenFile;
}

export interface RefusedRowsInput {
  jobId: string;
  after: number | null;
}

const fresh = (): ImportUploadContext => ({
  kind: 'products',
  mode: 'delta',
  file: null,
  fileMissing: false,
  jobId: null,
  job: null,
  refusedRows: [],
  nextAfter: null,
  error: null,
});

/**
 * A staff user loads a file: the kind, the mode and the file, then the upload; the job is
 * followed (asked again every 1.5 s while queued or running) until it is done, with its counts and
 * its refused rows page by page and the report to download, or failed, with why. A failed upload
 * keeps the chosen file for Try again.
 */
export const importUploadMachine = setup({
  types: {
    context: {} as ImportUploadContext,
    events: {} as ImportUploadEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindImportUpload`: POST /api/staff/imports/{kind} with the file */
    createImport: notBound<ImportJob, CreateImportInput>('importUpload.createImport'),
    /** bound: GET /api/staff/imports/{id} */
    readJob: notBound<ImportJob, { jobId: string }>('importUpload.readJob'),
    /** bound: GET /api/staff/imports/{id}/report.json?outcome=refused */
    readRefusedRows: notBound<ReportPage, RefusedRowsInput>('importUpload.readRefusedRows'),
    /** bound: GET /api/staff/imports/{id}/report, saved as a file */
    downloadReport: notBound<void, { jobId: string }>('importUpload.downloadReport'),
  },
  delays: { poll: IMPORT_POLL_MS },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    isDone: (_, params: { job: ImportJob }) => params.job.status === 'done',
    isFailed: (_, params: { job: ImportJob }) => params.job.status === 'failed',
    isDoneWithRefusals: (_, params: { job: ImportJob }) =>
      params.job.status === 'done' && params.job.refused > 0,
    hasMoreRows: ({ context }) => context.nextAfter !== null,
  },
  actions: {
    openJob: assign((_, params: { jobId: string }) => ({ jobId: params.jobId })),
    chooseKind: assign((_, params: { kind: ImportKindName }) => ({ kind: params.kind })),
    chooseMode: assign((_, params: { mode: ImportModeName }) => ({ mode: params.mode })),
    chooseFile: assign((_, params: { file: ChosenFile }) => ({ file: params.file, fileMissing: false })),
    markFileMissing: assign({ fileMissing: true }),
    keepJob: assign((_, params: { job: ImportJob }) => ({ job: params.job, jobId: params.job.id })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    addRows: assign(({ context }, params: { page: ReportPage }) => ({
      refusedRows: [...context.refusedRows, ...params.page.rows],
      nextAfter: params.page.nextAfter,
    })),
    startAgain: assign(({ context }) => ({ ...fresh(), kind: context.kind, mode: context.mode })),
  },
}).createMachine({
  id: 'importUpload',
  context: fresh(),
  initial: 'choosing',
  states: {
    choosing: {
      description:
        'The upload form: what the file holds (products, prices, assortments, customers), delta or snapshot, the file, and Upload.',
      on: {
        'upload.jobOpened': {
          target: 'following.reading',
          actions: { type: 'openJob', params: ({ event }) => ({ jobId: event.jobId }) },
        },
        'upload.kindChosen': {
          actions: { type: 'chooseKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        'upload.modeChosen': {
          actions: { type: 'chooseMode', params: ({ event }) => ({ mode: event.mode }) },
        },
        'upload.fileChosen': {
          actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
        },
        'upload.submitted': [{ guard: 'hasFile', target: 'uploading' }, { actions: 'markFileMissing' }],
      },
    },
    uploading: {
      description: 'Upload shows a spinner while the file goes to the server.',
      tags: 'busy',
      invoke: {
        id: 'createImport',
        src: 'createImport',
        input: ({ context }) => ({ kind: context.kind, mode: context.mode, file: context.file! }),
        onDone: {
          target: 'following.waiting',
          actions: { type: 'keepJob', params: ({ event }) => ({ job: event.output }) },
        },
        onError: {
          target: 'uploadFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    uploadFailed: {
      description:
        'The form says the upload failed (too large, or no answer), with Try again, which sends the same file; the choices stay.',
      exit: 'forgetError',
      on: {
        'upload.retried': 'uploading',
        'upload.kindChosen': {
          target: 'choosing',
          actions: { type: 'chooseKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        'upload.modeChosen': {
          target: 'choosing',
          actions: { type: 'chooseMode', params: ({ event }) => ({ mode: event.mode }) },
        },
        'upload.fileChosen': {
          target: 'choosing',
          actions: { type: 'chooseFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
    following: {
      description:
        'The job is queued or running: the page shows rows done of rows total and the counts so far.',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Between two looks at the job (every 1.5 seconds).',
          after: { poll: 'reading' },
        },
        reading: {
          invoke: {
            id: 'readJob',
            src: 'readJob',
            input: ({ context }) => ({ jobId: context.jobId! }),
            onDone: [
              {
                guard: { type: 'isDoneWithRefusals', params: ({ event }) => ({ job: event.output }) },
                target: '#importUpload.done.report.loading',
                actions: { type: 'keepJob', params: ({ event }) => ({ job: event.output }) },
              },
              {
                guard: { type: 'isDone', params: ({ event }) => ({ job: event.output }) },
                target: '#importUpload.done.report.noRefusals',
                actions: { type: 'keepJob', params: ({ event }) => ({ job: event.output }) },
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => ({ job: event.output }) },
                target: '#importUpload.failed',
                actions: { type: 'keepJob', params: ({ event }) => ({ job: event.output }) },
              },
              {
                target: 'waiting',
                actions: { type: 'keepJob', params: ({ event }) => ({ job: event.output }) },
              },
            ],
            onError: {
              target: 'lost',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        lost: {
          description:
            'The page says the job could not be read just now (the job itself goes on), with Try again.',
          exit: 'forgetError',
          on: { 'upload.retried': 'reading' },
        },
      },
    },
    done: {
      description: 'The job is done: its counts, its refused rows and Download report.',
      type: 'parallel',
      on: { 'upload.startedAgain': { target: 'choosing', actions: 'startAgain' } },
      states: {
        report: {
          initial: 'loading',
          states: {
            noRefusals: { description: 'Every row was taken: no list of refused rows.' },
            loading: {
              description: 'The refused rows load (a page at a time), a spinner in their place.',
              invoke: {
                id: 'readRefusedRows',
                src: 'readRefusedRows',
                input: ({ context }) => ({ jobId: context.jobId!, after: context.nextAfter }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'addRows', params: ({ event }) => ({ page: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            shown: {
              description:
                'The refused rows: row number, the supplier’s id, the reason; Show more while there are more.',
              on: { 'upload.moreRowsAsked': { guard: 'hasMoreRows', target: 'loading' } },
            },
            failed: {
              description: 'The list says the refused rows could not be read, with Try again.',
              exit: 'forgetError',
              on: { 'upload.reportRetried': 'loading' },
            },
          },
        },
        download: {
          initial: 'idle',
          states: {
            idle: { on: { 'upload.downloadAsked': 'downloading' } },
            downloading: {
              description: 'Download report shows a spinner while the CSV is fetched.',
              invoke: {
                id: 'downloadReport',
                src: 'downloadReport',
                input: ({ context }) => ({ jobId: context.jobId! }),
                onDone: 'idle',
                onError: 'failed',
              },
            },
            failed: {
              description:
                'Next to Download report: the report could not be downloaded; pressing it tries again.',
              on: { 'upload.downloadAsked': 'downloading' },
            },
          },
        },
      },
    },
    failed: {
      description:
        'The job failed: the file could not be read at all (unreadable, empty, columns missing). The reason shows, with Upload another file.',
      on: { 'upload.startedAgain': { target: 'choosing', actions: 'startAgain' } },
    },
  },
});

/** The upload bound to its ports: the calls, the chosen file, the report download. */
export const bindImportUpload = ({ api, files, saveFile }: StaffPorts) =>
  importUploadMachine.provide({
    actors: {
      createImport: fromPromise<ImportJob, CreateImportInput>(({ input, signal }) => {
        const file = files.get(input.file.id);
        if (!file) return Promise.reject(new Error('the chosen file is no longer there'));
        return untilAborted(
          signal,
          api.createImport(
            { kind: input.kind, mode: input.mode, file, fileName: input.file.name },
            { signal },
          ),
        );
      }),
      readJob: fromPromise<ImportJob, { jobId: string }>(({ input, signal }) =>
        untilAborted(signal, api.importJob(input.jobId, { signal })),
      ),
      readRefusedRows: fromPromise<ReportPage, RefusedRowsInput>(({ input, signal }) =>
        untilAborted(signal, api.refusedRows(input.jobId, input.after, { signal })),
      ),
      downloadReport: fromPromise<void, { jobId: string }>(async ({ input, signal }) => {
        const content = await untilAborted(signal, api.reportFile(input.jobId, { signal }));
        saveFile({ content, fileName: `import-${input.jobId}-report.csv`, mimeType: 'text/csv' });
      }),
    },
  });
