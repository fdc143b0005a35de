import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type CatalogueLanguage, catalogueLanguages, FALLBACK_LANGUAGE } from '../i18n/request-language';
import { invoiceNoticeTexts } from './invoice-notification-texts';

/** What a notification says about an issued document. */
export interface IssuedDocumentNotice {
  kind: 'invoice' | 'credit_note';
  number: string;
  orderId: number;
  /** the number of the invoice a credit note cancels */
  correctsNumber?: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

function textsIn(language: CatalogueLanguage, notice: IssuedDocumentNotice) {
  const texts = invoiceNoticeTexts[language][notice.kind === 'invoice' ? 'invoice' : 'creditNote'];
  const values = {
    order: String(notice.orderId),
    number: notice.number,
    invoice: notice.correctsNumber ?? '',
  };
  return { name: fill(texts.name, values), description: fill(texts.description, values) };
}

/**
 * Tells the user who placed the order that an invoice or a credit note of it was issued: a
 * notification that opens the order's invoice (invoice_order_id), its English text in the row and
 * the nine languages in notification_translations, answered per Accept-Language like the seeded
 * ones. Call it in the issuing transaction: an issue that rolls back (the loser of two at once)
 * takes its notification with it, and as a document is issued once, it is announced once. A user
 * deleted since the order reads nothing any more, so is told nothing.
 */
export async function announceIssuedDocument(
  trx: Kysely<Database>,
  notice: IssuedDocumentNotice,
  at: Date,
): Promise<void> {
  const recipient = await trx
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select('u.id')
    .where('o.id', '=', notice.orderId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!recipient) return;
  const english = textsIn(FALLBACK_LANGUAGE, notice);
  const { id } = await trx
    .insertInto('notifications')
    .values({
      user_id: recipient.id,
      name: english.name,
      description: english.description,
      created_at: at.toISOString(),
      read_at: null,
      invoice_order_id: notice.orderId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('notification_translations')
    .values(
      catalogueLanguages.map((language) => ({ notification_id: id, language, ...textsIn(language, notice) })),
    )
    .execute();
}
