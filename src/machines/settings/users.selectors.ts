import type { SnapshotFrom } from 'xstate';
import type { CustomerUser } from '../../domain/types';
import type { usersMachine } from './users.machine';

export type UsersSnapshot = SnapshotFrom<typeof usersMachine>;

/** One row of the users list (spec point 6): what the table or a card shows of a user. */
export interface UserRow {
  id: number;
  /** first and last name */
  name: string;
  username: string;
  email: string;
  /** the mobile phone, else the landline; empty when neither is known */
  phone: string;
  /** the language code; the view shows the language's name */
  language: string;
  isActive: boolean;
  isMainUser: boolean;
}

export type UsersStatus = 'loading' | 'loaded' | 'failed';

export const selectUsersStatus = (s: UsersSnapshot): UsersStatus => s.value as UsersStatus;

/** Why the list did not load: the server refused (403) or something unexpected happened. */
export const selectUsersFailure = (s: UsersSnapshot): 'forbidden' | 'unknown' | null =>
  s.matches('failed') ? (s.context.error?.status === 403 ? 'forbidden' : 'unknown') : null;

/** A user's name as the settings show it: first and last name, the username when both are empty. */
export const userDisplayName = (user: Pick<CustomerUser, 'firstName' | 'lastName' | 'username'>): string =>
  `${user.firstName} ${user.lastName}`.trim() || user.username;

const toRow = (user: CustomerUser): UserRow => ({
  id: user.id,
  name: userDisplayName(user),
  username: user.username,
  email: user.email,
  phone: user.mobilePhone.trim() || user.landlinePhone.trim(),
  language: user.language,
  isActive: user.isActive,
  isMainUser: user.isMainUser,
});

const rowsOf = new WeakMap<CustomerUser[], UserRow[]>();

/** The rows in the server's order; the same array while the list is unchanged. */
export const selectUserRows = (s: UsersSnapshot): UserRow[] => {
  const users = s.context.users;
  let rows = rowsOf.get(users);
  if (!rows) {
    rows = users.map(toRow);
    rowsOf.set(users, rows);
  }
  return rows;
};
