import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EMAIL_CHANGE_CODE_MINUTES, SECURITY_CODE_LENGTH } from '../../src/domain/account-rules';
import { toAsciiDigits } from '../../src/domain/digits';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { emailChangeCodeMail, emailChangedMail } from '../mail/mail-texts';
import { queueMail } from '../mail/outbox';
import { emailInUse, mailingDetailsOf, setUserEmail } from '../queries/users';
import {
  type CodeMailDeps,
  codeRefused,
  endUnusedResetCodes,
  hashCode,
  newCode,
  normaliseEmail,
} from './password-reset';

/** How long a confirmation code is valid, how many wrong tries it survives. */
export const EMAIL_CHANGE_MINUTES = EMAIL_CHANGE_CODE_MINUTES;
export const EMAIL_CHANGE_MAX_TRIES = 5;
/** Codes one user may have mailed per hour: each is a mail to an address they typed. */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;

export type EmailChangeDeps = CodeMailDeps;

const TAKEN = 'An account with this e-mail address already exists.';

/** The registration's `email_taken` refusal, with the message on the `email` field for the forms. */
export const emailTaken = () =>
  new ApiError(400, { detail: TAKEN, code: 'email_taken', errors: { email: [TAKEN] } });

const noPendingChange = () =>
  new ApiError(400, {
    detail: 'There is no change of e-mail address to confirm. Save the new address first.',
    code: 'no_pending_email',
  });

/** The unique index of migration 130 refused a write (two accounts took one address at once). */
export function isEmailIndexViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'idx_users_email_unique';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && String(message).includes('idx_users_email_unique');
}

/**
 * Refuses an address another account (active or not, not deleted) already holds, in any letter
 * case: a password reset goes to the account that holds the address.
 */
export async function refuseTakenEmail(db: Kysely<Database>, email: string, exceptUserId?: number) {
  if (await emailInUse(db, email, exceptUserId)) throw emailTaken();
}

/** The address waiting for its code (undefined when none, or the code has expired). */
export async function pendingEmailOf(db: Kysely<Database>, userId: number, at: Date) {
  const row = await db
    .selectFrom('email_changes')
    .select('email')
    .where('user_id', '=', userId)
    .where('code_hash', '<>', '')
    .where('expires_at', '>', at.toISOString())
    .executeTakeFirst();
  return row?.email;
}

/** The HMAC's message: the user and the address too, so a code fits nothing else. */
const codeKey = (userId: number, email: string) => `email-change\n${userId}\n${normaliseEmail(email)}`;

/**
 * A user's address is to become `typedEmail`. The current address (in any letter case: the same
 * mailbox) is saved as typed at once and leaves a pending change as it is: the forms show the
 * current address while a change waits, so a save of a phone number sends it back, and withdrawing
 * is `cancelEmailChange`'s alone. Any other address that no account holds becomes the pending
 * change, replacing an earlier one, and its code goes to that address. Answers whether a code was
 * sent. Other fields are the caller's to save.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  userId: number,
  typedEmail: string,
): Promise<'unchanged' | 'pending'> {
  const { db, now, secret } = deps;
  const email = typedEmail.trim();
  const user = await mailingDetailsOf(db, userId);
  if (normaliseEmail(user.email) === normaliseEmail(email)) {
    await setUserEmail(db, userId, email);
    return 'unchanged';
  }
  await refuseTakenEmail(db, email, userId);

  const at = now();
  const code = newCode();
  const hourAgo = new Date(at.getTime() - 60 * 60_000).toISOString();
  const fields = {
    email,
    code_hash: hashCode(secret, codeKey(userId, email), code).toString('hex'),
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + EMAIL_CHANGE_MINUTES * 60_000).toISOString(),
    tries: 0,
  };
  // One row per user: insert, or replace the earlier code while counting the mails of the hour. The
  // guarded update is one statement, so parallel requests cannot slip past the count.
  const replaced = await db
    .updateTable('email_changes')
    .set((eb) => ({
      ...fields,
      requests: eb
        .case()
        .when('requests_since', '<=', hourAgo)
        .then(1)
        .else(eb('requests', '+', 1))
        .end(),
      requests_since: eb
        .case()
        .when('requests_since', '<=', hourAgo)
        .then(at.toISOString())
        .else(eb.ref('requests_since'))
        .end(),
    }))
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('requests_since', '<=', hourAgo), eb('requests', '<', EMAIL_CHANGE_REQUESTS_PER_HOUR)]),
    )
    .executeTakeFirst();
  if (Number(replaced.numUpdatedRows) === 0) {
    const existing = await db
      .selectFrom('email_changes')
      .select('requests_since')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) {
      const wait = Math.max(
        1,
        Math.ceil((Date.parse(existing.requests_since) + 60 * 60_000 - at.getTime()) / 1000),
      );
      throw new ApiError(
        429,
        { detail: `Too many codes asked for. Try again in ${wait} seconds.`, code: 'throttled' },
        { 'Retry-After': String(wait) },
      );
    }
    await db
      .insertInto('email_changes')
      .values({ user_id: userId, ...fields, requests: 1, requests_since: at.toISOString() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
      .execute();
  }
  const mail = emailChangeCodeMail(user.language, `${user.first_name} ${user.last_name}`, email, code);
  await queueMail(db, { to: email, ...mail }, now, deps.sendMail);
  return 'pending';
}

/** No code of this user opens anything any more; the row stays for its count of the hour's mails. */
function closeChange(db: Kysely<Database>, userId: number) {
  return db.updateTable('email_changes').set({ code_hash: '' }).where('user_id', '=', userId).execute();
}

/** Withdraws a pending change ("Keep my current address"); nothing happens when none waits. */
export async function cancelEmailChange(db: Kysely<Database>, userId: number) {
  await closeChange(db, userId);
}

/**
 * The code mailed to the new address: a right one makes the address the account's (if no other
 * account took it meanwhile), ends earlier password-reset codes, which went to the old address,
 * and tells the old address. Wrong, expired and used-up codes answer the password reset's 400s.
 */
export async function confirmEmailChange(deps: EmailChangeDeps, userId: number, typedCode: string) {
  const { db, now, secret } = deps;
  const code = toAsciiDigits(typedCode.replace(/\s+/g, ''));
  const row = await db
    .selectFrom('email_changes')
    .select(['email', 'code_hash', 'expires_at', 'tries'])
    .where('user_id', '=', userId)
    .where('code_hash', '<>', '')
    .executeTakeFirst();
  if (!row) throw noPendingChange();
  if (row.expires_at <= now().toISOString()) throw codeRefused('code_expired');
  if (row.tries >= EMAIL_CHANGE_MAX_TRIES) throw codeRefused('too_many_tries');

  // the try is taken before the comparison, so parallel guesses never exceed the tries
  const reserved = await db
    .updateTable('email_changes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('code_hash', '=', row.code_hash)
    .where('tries', '<', EMAIL_CHANGE_MAX_TRIES)
    .returning('tries')
    .executeTakeFirst();
  if (!reserved) throw codeRefused('too_many_tries');
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = hashCode(secret, codeKey(userId, row.email), code);
  const right =
    new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`).test(code) &&
    actual.length === expected.length &&
    timingSafeEqual(actual, expected);
  if (!right) throw codeRefused(reserved.tries >= EMAIL_CHANGE_MAX_TRIES ? 'too_many_tries' : 'invalid_code');

  await refuseTakenEmail(db, row.email, userId);
  const at = now();
  let before: { email: string; first_name: string; last_name: string; language: string };
  try {
    before = await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('email_changes')
        .set({ code_hash: '' })
        .where('user_id', '=', userId)
        .where('code_hash', '=', row.code_hash)
        .executeTakeFirst();
      // the same code confirmed twice at once: the first one changes the address
      if (Number(used.numUpdatedRows) !== 1) throw noPendingChange();
      const user = await mailingDetailsOf(trx, userId);
      await setUserEmail(trx, userId, row.email);
      await endUnusedResetCodes(trx, at).where('user_id', '=', userId).execute();
      return user;
    });
  } catch (error) {
    if (isEmailIndexViolation(error)) throw emailTaken();
    throw error;
  }
  if (before.email === '') return;
  const mail = emailChangedMail(before.language, `${before.first_name} ${before.last_name}`, row.email);
  await queueMail(db, { to: before.email, ...mail }, now, deps.sendMail);
}
