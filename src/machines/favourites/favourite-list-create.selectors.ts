import type { SnapshotFrom } from 'xstate';
import type { FavouriteListSummary } from '../../domain/types';
import type { favouriteListCreateMachine, ListNameError } from './favourite-list-create.machine';
import { favouriteProblemKey, isFinalRefusal } from './favourite-lists.machine';

export type FavouriteListCreateSnapshot = SnapshotFrom<typeof favouriteListCreateMachine>;

export const selectNewListName = (s: FavouriteListCreateSnapshot): string => s.context.name;
export const selectNewListShared = (s: FavouriteListCreateSnapshot): boolean => s.context.shared;
export const selectNewListNameError = (s: FavouriteListCreateSnapshot): ListNameError | null =>
  s.context.nameError;
export const selectIsCreatingList = (s: FavouriteListCreateSnapshot): boolean => s.hasTag('busy');
/** The list just created (the view links to it), or null. */
export const selectCreatedList = (s: FavouriteListCreateSnapshot): FavouriteListSummary | null =>
  s.matches('created') ? s.context.created : null;
/** The translation key of the last refusal or failure, or null. */
export const selectCreateProblemKey = (s: FavouriteListCreateSnapshot): string | null =>
  s.matches('editing') && s.context.problem ? favouriteProblemKey(s.context.problem) : null;
export const selectCanRetryCreate = (s: FavouriteListCreateSnapshot): boolean =>
  s.matches('editing') && s.context.problem !== null && !isFinalRefusal(s.context.problem);
/** Whether "try again" would send (not with a name that became blank meanwhile). */
export const selectRetryWouldSend = (s: FavouriteListCreateSnapshot): boolean =>
  s.can({ type: 'favouriteListCreate.retried' });
