/**
 * Limits of the favourite lists. The client's forms and the server's request schemas
 * (services/api/wire/favourites.ts) both read them, so what the form accepts the server accepts.
 */
export const FAVOURITE_LISTS_PER_USER_MAX = 100;
export const FAVOURITE_LINES_PER_LIST_MAX = 1000;
export const FAVOURITE_LIST_NAME_MAX_LENGTH = 80;

/** Why a list name cannot be saved (a translation key), or null when it can. Blank is not a name. */
export function favouriteListNameError(
  name: string,
): 'favourites.errors.nameRequired' | 'favourites.errors.nameTooLong' | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'favourites.errors.nameRequired';
  if (trimmed.length > FAVOURITE_LIST_NAME_MAX_LENGTH) return 'favourites.errors.nameTooLong';
  return null;
}
