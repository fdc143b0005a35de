import type { SnapshotFrom } from 'xstate';
import type { ErrorInfo } from '../kernel/errorInfo';
import { type CommentProblem, commentProblem, type flowSignOffMachine } from './flow-sign-off.machine';

export type FlowSignOffSnapshot = SnapshotFrom<typeof flowSignOffMachine>;

export type SignOffHistoryStatus = 'loading' | 'failed' | 'loaded';
export type SignOffFormStatus = 'closed' | 'editing' | 'submitting' | 'signedOff' | 'failed';

export const selectSignOffHistoryStatus = (s: FlowSignOffSnapshot): SignOffHistoryStatus => {
  if (s.matches('loading')) return 'loading';
  return s.matches('loadFailed') ? 'failed' : 'loaded';
};
/** the machine's sign-offs, newest first */
export const selectSignOffs = (s: FlowSignOffSnapshot) => s.context.signOffs;
/** the version the form signs off */
export const selectSignOffVersion = (s: FlowSignOffSnapshot) => s.context.version;
/** the newest sign-off of the version on screen, null when it has none */
export const selectCurrentVersionSignOff = (s: FlowSignOffSnapshot) =>
  s.context.signOffs.find((each) => each.version === s.context.version) ?? null;

export const selectSignOffFormStatus = (s: FlowSignOffSnapshot): SignOffFormStatus => {
  if (s.matches({ ready: 'editing' })) return 'editing';
  if (s.matches({ ready: 'submitting' })) return 'submitting';
  if (s.matches({ ready: 'signedOff' })) return 'signedOff';
  if (s.matches({ ready: 'failed' })) return 'failed';
  return 'closed';
};
export const selectSignOffComment = (s: FlowSignOffSnapshot) => s.context.comment;
/** the comment's message, once Sign off was pressed */
export const selectSignOffCommentProblem = (s: FlowSignOffSnapshot): CommentProblem =>
  s.context.submitted ? commentProblem(s.context.comment) : null;
/** why the last call failed (the history's load or the sign-off), null otherwise */
export const selectSignOffError = (s: FlowSignOffSnapshot): ErrorInfo | null => s.context.error;
