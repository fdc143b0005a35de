import type { CustomerUserWire } from '../../src/services/api/wire/account';
import { type UserDetails, updateUserDetails } from '../queries/users';
import { findCompanyUserWithPending } from './customer-users';
import { type EmailChangeDeps, requestEmailChange } from './email-change';

/**
 * Saves a user's details, from their own account screen or from the main user's user management.
 * A new e-mail address is not taken at its word: it waits, with `pending_email`, for the code mailed
 * to it, and `email` stays the old one until then; the other fields are saved at once. An address
 * another account holds is refused, and then nothing is saved. Answers the user as saved.
 */
export async function saveUserDetails(
  emailChange: EmailChangeDeps,
  companyId: number,
  userId: number,
  details: UserDetails & { email: string },
): Promise<CustomerUserWire> {
  await requestEmailChange(emailChange, userId, details.email);
  await updateUserDetails(emailChange.db, companyId, userId, details);
  return findCompanyUserWithPending(emailChange.db, companyId, userId, emailChange.now());
}
