import { assign, fromPromise, setup } from 'xstate';
import type { FlowSignOff, SignOffRequest } from '../../services/api/flow-sign-offs';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

/** what the server accepts, checked before sending */
// The server's limit (SIGN_OFF_COMMENT_MAX in wire/flow-sign-offs.ts, a test holds them equal), not
// imported: a module shared by the studio and the signed-in calls becomes a chunk of its own whose
// preload the login route would carry.
export const SIGN_OFF_COMMENT_LIMIT = 2000;

export type { FlowSignOff };

export interface FlowSignOffInput {
  /** the machine's catalog name */
  machine: string;
  /** the version on screen: the catalog machine's current one (flowVersion) */
  version: string;
}

export interface FlowSignOffContext extends FlowSignOffInput {
  /** the machine's sign-offs, newest first */
  signOffs: FlowSignOff[];
  comment: string;
  /** Sign off was pressed: from then on the comment's message shows */
  submitted: boolean;
  error: ErrorInfo | null;
}

export type FlowSignOffEvent =
  | { type: 'signOff.historyRetried' }
  | { type: 'signOff.started' }
  | { type: 'signOff.commentChanged'; comment: string }
  | { type: 'signOff.submitted' }
  | { type: 'signOff.cancelled' };

export type CommentProblem = 'required' | 'tooLong' | null;

export const commentProblem = (comment: string): CommentProblem => {
  const trimmed = comment.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > SIGN_OFF_COMMENT_LIMIT ? 'tooLong' : null;
};

const emptyForm = { comment: '', submitted: false, error: null };

/**
 * A product owner signs the version of a flow they reviewed off, with a comment, in the statechart
 * studio: the machine's sign-off history loads first (newest first, with who and when), then the
 * form opens on demand, checks the comment (required, at most 2000 characters) once Sign off was
 * pressed, and posts it. A failure keeps what was typed for Try again.
 */
export const flowSignOffMachine = setup({
  types: {
    context: {} as FlowSignOffContext,
    events: {} as FlowSignOffEvent,
    input: {} as FlowSignOffInput,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindFlowSignOff`: GET /api/studio/sign-offs/?machine= */
    loadSignOffs: notBound<FlowSignOff[], { machine: string }>('flowSignOff.loadSignOffs'),
    /** bound: POST /api/studio/sign-offs/ */
    signOff: notBound<FlowSignOff, SignOffRequest>('flowSignOff.signOff'),
  },
  guards: {
    commentValid: ({ context }) => commentProblem(context.comment) === null,
  },
  actions: {
    keepSignOffs: assign((_, params: { signOffs: FlowSignOff[] }) => ({
      signOffs: params.signOffs,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    resetForm: assign(emptyForm),
    setComment: assign((_, params: { comment: string }) => ({ comment: params.comment })),
    markSubmitted: assign({ submitted: true }),
    keepSignedOff: assign(({ context }, params: { signOff: FlowSignOff }) => ({
      signOffs: [params.signOff, ...context.signOffs.filter((each) => each.id !== params.signOff.id)],
      ...emptyForm,
    })),
    /** spec point 8: a failed call is reported once; a no-op here, bound by `bindFlowSignOff` */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'flowSignOff',
  context: ({ input }) => ({
    machine: input.machine,
    version: input.version,
    signOffs: [],
    ...emptyForm,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The sign-off panel says the machine's sign-offs are loading.",
      invoke: {
        id: 'loadSignOffs',
        src: 'loadSignOffs',
        input: ({ context }) => ({ machine: context.machine }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepSignOffs', params: ({ event }) => ({ signOffs: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loadFailed: {
      description: 'The panel says the sign-offs could not be loaded, with Try again.',
      exit: 'forgetError',
      on: { 'signOff.historyRetried': 'loading' },
    },
    ready: {
      description:
        'The sign-off history (who signed which version off, when, with their comment), newest first; none yet says so.',
      initial: 'idle',
      states: {
        idle: {
          description: 'A button "Sign off this version" under the history.',
          on: { 'signOff.started': 'editing' },
        },
        editing: {
          description:
            'The form: the version being signed off, a comment (required) and Sign off and Cancel. An empty or too long comment shows its message once Sign off was pressed.',
          on: {
            'signOff.commentChanged': {
              actions: { type: 'setComment', params: ({ event }) => ({ comment: event.comment }) },
            },
            'signOff.submitted': [
              { guard: 'commentValid', target: 'submitting', actions: 'markSubmitted' },
              { actions: 'markSubmitted' },
            ],
            'signOff.cancelled': { target: 'idle', actions: 'resetForm' },
          },
        },
        submitting: {
          description: 'Sign off shows a spinner while the server stores the sign-off.',
          tags: 'busy',
          invoke: {
            id: 'signOff',
            src: 'signOff',
            input: ({ context }) => ({
              machine: context.machine,
              version: context.version,
              comment: context.comment.trim(),
            }),
            onDone: {
              target: 'signedOff',
              actions: { type: 'keepSignedOff', params: ({ event }) => ({ signOff: event.output }) },
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
        signedOff: {
          description:
            'The panel says this version is signed off, the new sign-off first in the history; another reviewer can sign it off too.',
          on: { 'signOff.started': 'editing' },
        },
        failed: {
          description:
            'The form says the sign-off could not be stored; the comment stays; Sign off tries again.',
          exit: 'forgetError',
          on: {
            'signOff.commentChanged': {
              target: 'editing',
              actions: { type: 'setComment', params: ({ event }) => ({ comment: event.comment }) },
            },
            'signOff.submitted': 'submitting',
            'signOff.cancelled': { target: 'idle', actions: 'resetForm' },
          },
        },
      },
    },
  },
});

/** The sign-off panel bound to the API client (the 'studio' calls of the reference server). */
export const bindFlowSignOff = ({ api }: Ports) =>
  provideReporting(
    flowSignOffMachine.provide({
      actors: {
        loadSignOffs: fromPromise<FlowSignOff[], { machine: string }>(({ input, signal }) =>
          untilAborted(signal, api.flowSignOffs(input.machine, { signal })),
        ),
        signOff: fromPromise<FlowSignOff, SignOffRequest>(({ input, signal }) =>
          untilAborted(signal, api.signOffFlow(input, { signal })),
        ),
      },
    }),
    api,
  );
