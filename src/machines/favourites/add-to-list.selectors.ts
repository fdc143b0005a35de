import type { SnapshotFrom } from 'xstate';
import type { addToListMachine } from './add-to-list.machine';
import { type FavouriteWriteProblem, favouriteProblemKey, isFinalRefusal } from './favourite-lists.machine';

export type AddToListSnapshot = SnapshotFrom<typeof addToListMachine>;

export const selectIsWritingItem = (s: AddToListSnapshot): boolean => s.hasTag('busy');
/** The list whose item is being written (its checkbox shows a spinner). */
export const selectWritingListId = (s: AddToListSnapshot): number | null =>
  s.hasTag('busy') ? (s.context.write?.listId ?? null) : null;
export const selectAddToListProblem = (s: AddToListSnapshot): FavouriteWriteProblem | null =>
  s.matches('idle') ? s.context.problem : null;
/** The translation key of the last failure, or null. */
export const selectAddToListProblemKey = (s: AddToListSnapshot): string | null => {
  const problem = selectAddToListProblem(s);
  return problem ? favouriteProblemKey(problem) : null;
};
/** The generic failure offers "try again"; the server's refusals do not. */
export const selectCanRetryWrite = (s: AddToListSnapshot): boolean =>
  s.can({ type: 'addToList.retried' }) && !isFinalRefusal(s.context.problem);
