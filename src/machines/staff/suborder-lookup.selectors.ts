import type { SnapshotFrom } from 'xstate';
import type { SuborderHistory } from '../../services/api/staff-suborders';
import type { suborderLookupMachine } from './suborder-lookup.machine';
import { suborderQueryProblem } from './suborder-lookup.machine';

export type SuborderLookupSnapshot = SnapshotFrom<typeof suborderLookupMachine>;

export const selectLookupKind = (s: SuborderLookupSnapshot) => s.context.kind;
export const selectLookupText = (s: SuborderLookupSnapshot) => s.context.text;
/** the form's message, once Look up was pressed */
export const selectLookupProblem = (s: SuborderLookupSnapshot) =>
  s.context.submitted ? suborderQueryProblem(s.context) : null;
export const selectLookupSearching = (s: SuborderLookupSnapshot) => s.matches('searching');
export const selectLookupFailed = (s: SuborderLookupSnapshot) => s.matches('failed');
export const selectLookupNotFound = (s: SuborderLookupSnapshot) => s.matches('notFound');
const none: readonly SuborderHistory[] = [];
/** the suborders found with their reports, while they are shown */
export const selectSuborderHistories = (s: SuborderLookupSnapshot) =>
  s.matches('found') ? s.context.histories : none;
/** what the shown answer (or its failure) is for */
export const selectLookupQuery = (s: SuborderLookupSnapshot) => s.context.query;
