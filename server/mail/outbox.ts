import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  language: string;
}

/** Sends one mail (smtp-sender.ts); rejects when the mail server refuses it. */
export type MailSender = (mail: OutgoingMail) => Promise<void>;

/**
 * Puts a mail into the outbox and, when a sender is configured (SMTP_URL), sends it in the
 * background: the caller's answer never waits for the mail server. The row then records `sent_at`
 * or `send_error`. Without a sender the mail stays in the outbox (the developer mailbox shows it).
 */
export async function queueMail(
  db: Kysely<Database>,
  mail: OutgoingMail,
  now: () => Date,
  send: MailSender | undefined,
): Promise<number> {
  const { id } = await db
    .insertInto('mail_outbox')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      body_text: mail.text,
      language: mail.language,
      created_at: now().toISOString(),
      sent_at: null,
      send_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (send) void deliverQueuedMail(db, id, mail, now, send);
  return id;
}

/**
 * Sends a mail already in the outbox and records the outcome. A mail queued inside a transaction
 * (queueMail without a sender) is sent this way once that transaction committed, so a rolled-back
 * mail is never sent and the outcome is written through a connection that is still usable.
 */
export async function deliverQueuedMail(
  db: Kysely<Database>,
  id: number,
  mail: OutgoingMail,
  now: () => Date,
  send: MailSender,
) {
  let outcome: { sent_at: string } | { send_error: string };
  try {
    await send(mail);
    outcome = { sent_at: now().toISOString() };
  } catch (error) {
    outcome = { send_error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) };
  }
  try {
    await db.updateTable('mail_outbox').set(outcome).where('id', '=', id).execute();
  } catch (error) {
    console.error(`mail ${id}: could not record the delivery:`, error);
  }
}

/** The outbox, newest first (the developer mailbox). */
export function listOutbox(db: Kysely<Database>, limit = 200) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'body_text', 'language', 'created_at', 'sent_at', 'send_error'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
