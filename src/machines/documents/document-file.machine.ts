import { assign, emit, fromPromise, setup } from 'xstate';
import type { PortalDocument } from '../../domain/types';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

/** Open shows the file in a new tab; download saves it under its file name. */
export type DocumentFileMode = 'open' | 'download';

export interface DocumentFileInput {
  document: PortalDocument;
}

export interface LoadDocumentFileInput {
  document: PortalDocument;
}

export interface DocumentFileContext {
  document: PortalDocument;
  /** what the last request asked for (a retry repeats it) */
  mode: DocumentFileMode | null;
  error: ErrorInfo | null;
}

export type DocumentFileEvent =
  | { type: 'documentFile.requested'; mode: DocumentFileMode }
  /** "Try again" after a failure: the last request once more */
  | { type: 'documentFile.retried' };

/** The view opens the URL in the tab it opened during the click, or saves it; it revokes the URL when done. */
export type DocumentFileEmitted = {
  type: 'documentFile.ready';
  url: string;
  mode: DocumentFileMode;
  fileName: string;
};

/**
 * One document's file (a row of /documents/): the file needs the bearer token, so it is fetched and
 * handed to the view as an object URL, which the view opens in a new tab or saves under the file's
 * name. One fetch at a time; a failure says so, offers a retry and is reported (spec point 8).
 */
export const documentFileMachine = setup({
  types: {
    context: {} as DocumentFileContext,
    events: {} as DocumentFileEvent,
    emitted: {} as DocumentFileEmitted,
    input: {} as DocumentFileInput,
    tags: {} as 'busy',
  },
  actors: {
    /** the file as an object URL (the bytes stay out of the chart). Bound by `bindDocumentFile`. */
    loadFile: notBound<string, LoadDocumentFileInput>('documentFile.loadFile'),
  },
  actions: {
    keepMode: assign((_, params: { mode: DocumentFileMode }) => ({ mode: params.mode, error: null })),
    clearError: assign({ error: null }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    announceFile: emit(({ context }, params: { url: string }) => ({
      type: 'documentFile.ready' as const,
      url: params.url,
      mode: context.mode ?? 'open',
      fileName: context.document.fileName,
    })),
    /** spec point 8: a no-op unless bound by provideReporting */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'documentFile',
  context: ({ input }) => ({ document: input.document, mode: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: "The document's row on the Documents page offers Open (in a new tab) and Download.",
      on: {
        'documentFile.requested': {
          target: 'fetching',
          actions: { type: 'keepMode', params: ({ event }) => ({ mode: event.mode }) },
        },
      },
    },
    fetching: {
      description:
        'The button pressed shows a spinner and both buttons are disabled while the file is fetched; then it opens in a new tab or is saved to the downloads.',
      tags: 'busy',
      invoke: {
        id: 'loadFile',
        src: 'loadFile',
        input: ({ context }) => ({ document: context.document }),
        onDone: {
          target: 'idle',
          actions: { type: 'announceFile', params: ({ event }) => ({ url: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: {
      description:
        'Under the buttons the message "Could not open the document. Try again." shows with a Try again button; Open and Download work again too.',
      on: {
        'documentFile.requested': {
          target: 'fetching',
          actions: { type: 'keepMode', params: ({ event }) => ({ mode: event.mode }) },
        },
        'documentFile.retried': { target: 'fetching', actions: 'clearError' },
      },
    },
  },
});

/** The file call bound, its blob turned into an object URL (the view revokes it), failures reported. */
export const bindDocumentFile = ({ api }: Ports) =>
  provideReporting(
    documentFileMachine.provide({
      actors: {
        loadFile: fromPromise<string, LoadDocumentFileInput>(async ({ input, signal }) =>
          URL.createObjectURL(await untilAborted(signal, api.documentFile(input.document, { signal }))),
        ),
      },
    }),
    api,
  );
