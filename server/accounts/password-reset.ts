import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { SECURITY_CODE_LENGTH } from '../../src/domain/account-rules';
import { toAsciiDigits } from '../../src/domain/digits';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { passwordResetMail } from '../mail/mail-texts';
import { type MailSender, queueMail } from '../mail/outbox';
import { checkNewPassword, storeNewPassword } from './new-password';

/** How long a code is valid, and how many wrong tries it survives (spec points 4 and 9). */
export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

/** What a flow that mails a code needs: a password reset, a change of e-mail address. */
export interface CodeMailDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** the key of the codes' HMAC (the JWT secret) */
  secret: string;
  sendMail: MailSender | undefined;
}

export interface PasswordResetDeps extends CodeMailDeps {
  /** the hashing of the new password */
  hashPassword: (password: string) => Promise<string>;
}

/**
 * Ends the reset codes not used yet, of the address or user the caller names: a newer code, or a
 * change of the account's address, leaves them no use.
 */
export const endUnusedResetCodes = (db: Kysely<Database>, at: Date) =>
  db.updateTable('password_resets').set({ used_at: at.toISOString() }).where('used_at', 'is', null);

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Codes live 15 minutes and allow 5 tries, so a fast keyed hash is enough: without the secret a
 * leaked table does not give the codes, and guessing through the API is limited by the tries.
 */
export const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email}\n${code}`).digest();

export const newCode = () =>
  String(randomInt(0, 10 ** SECURITY_CODE_LENGTH)).padStart(SECURITY_CODE_LENGTH, '0');

/** The account an address belongs to: active and not deleted; the oldest when several share it. */
function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'language'])
    .where(sql<string>`lower(email)`, '=', email)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * POST /password-reset/: a new code for the address, replacing an earlier unused one. An unknown
 * address gets a code row too (never mailed), so that every later step behaves the same for it.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, typedEmail: string) {
  const { db, now, secret } = deps;
  const email = normaliseEmail(typedEmail);
  const user = email === '' ? undefined : await findUserByEmail(db, email);
  const code = newCode();
  const at = now();
  await db.transaction().execute(async (trx) => {
    // codes a day past their expiry are of no use to anyone: keep the table small
    await trx
      .deleteFrom('password_resets')
      .where('expires_at', '<', new Date(at.getTime() - 24 * 60 * 60_000).toISOString())
      .execute();
    await endUnusedResetCodes(trx, at).where('email', '=', email).execute();
    await trx
      .insertInto('password_resets')
      .values({
        email,
        user_id: user?.id ?? null,
        code_hash: hashCode(secret, email, code).toString('hex'),
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + RESET_CODE_MINUTES * 60_000).toISOString(),
        tries: 0,
        used_at: null,
      })
      .execute();
  });
  if (!user) return;
  const mail = passwordResetMail(user.language, `${user.first_name} ${user.last_name}`, code);
  await queueMail(db, { to: user.email, ...mail }, now, deps.sendMail);
}

export type CodeProblem = 'invalid_code' | 'code_expired' | 'too_many_tries';

const problemDetails: Record<CodeProblem, string> = {
  invalid_code: 'The code is not correct.',
  code_expired: 'The code has expired. Please request a new one.',
  too_many_tries: 'Too many wrong codes. Please request a new code.',
};

export const codeRefused = (problem: CodeProblem) =>
  new ApiError(400, { detail: problemDetails[problem], code: problem });

/** Is this error the refusal of a code (a wrong, used up or expired one)? */
export const isCodeRefusal = (error: unknown) =>
  error instanceof ApiError && Object.hasOwn(problemDetails, error.body.code) && error.status === 400;

/**
 * Checks a code against the address's latest unused one. The try is reserved first (a guarded
 * increment), so parallel guesses can never exceed the 5 tries; a right code gives it back when
 * `keepTry` (verify counts nothing). Answers the reset row, or throws the 400 to answer.
 */
async function checkCode(
  deps: PasswordResetDeps,
  typedEmail: string,
  typedCode: string,
  { keepTry }: { keepTry: boolean },
): Promise<{ resetId: number; userId: number }> {
  const { db, now, secret } = deps;
  const email = normaliseEmail(typedEmail);
  const code = toAsciiDigits(typedCode.replace(/\s+/g, ''));
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'code_hash', 'expires_at', 'tries'])
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw codeRefused('invalid_code');
  if (row.expires_at <= now().toISOString()) throw codeRefused('code_expired');
  if (row.tries >= RESET_CODE_MAX_TRIES) throw codeRefused('too_many_tries');

  const reserved = await db
    .updateTable('password_resets')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', row.id)
    .where('tries', '<', RESET_CODE_MAX_TRIES)
    .where('used_at', 'is', null)
    .returning('tries')
    .executeTakeFirst();
  if (!reserved) throw codeRefused(row.tries + 1 >= RESET_CODE_MAX_TRIES ? 'too_many_tries' : 'invalid_code');

  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = hashCode(secret, email, code);
  const right =
    new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`).test(code) &&
    actual.length === expected.length &&
    timingSafeEqual(actual, expected) &&
    row.user_id !== null;
  if (!right) throw codeRefused(reserved.tries >= RESET_CODE_MAX_TRIES ? 'too_many_tries' : 'invalid_code');
  if (keepTry)
    await db
      .updateTable('password_resets')
      .set((eb) => ({ tries: eb('tries', '-', 1) }))
      .where('id', '=', row.id)
      .execute();
  return { resetId: row.id, userId: row.user_id as number };
}

/** POST /password-reset/verify/: is this the code? A right code costs no try. */
export async function verifyResetCode(deps: PasswordResetDeps, email: string, code: string) {
  await checkCode(deps, email, code, { keepTry: true });
}

/**
 * POST /password-reset/confirm/: the code again and the new password. Sets the password, uses the
 * code up and ends every session of the user, in one transaction.
 */
export async function confirmPasswordReset(
  deps: PasswordResetDeps,
  email: string,
  code: string,
  password: string,
) {
  checkNewPassword(password);
  const { resetId, userId } = await checkCode(deps, email, code, { keepTry: false });
  const passwordHash = await deps.hashPassword(password);
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: at.toISOString() })
      .where('id', '=', resetId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // the same code confirmed twice at once: only the first sets a password
    if (Number(used.numUpdatedRows) !== 1) throw codeRefused('invalid_code');
    await storeNewPassword(trx, userId, passwordHash, at);
  });
}
