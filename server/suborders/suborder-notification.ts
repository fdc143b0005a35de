import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type CatalogueLanguage, catalogueLanguages, FALLBACK_LANGUAGE } from '../i18n/request-language';
import { calendarSettings } from '../queries/delivery-calendar';
import { etaLocales, type SuborderNoticeKind, suborderNoticeTexts } from './suborder-notification-texts';

/** What a notification says about a suborder the ERP reported on. */
export interface SuborderNotice {
  kind: Exclude<SuborderNoticeKind, 'deliveredWith'>;
  orderId: number;
  warehouse: string;
  /** shipped: the expected arrival (ISO) and the delivery note */
  eta?: string | null;
  deliveryNote?: string | null;
  /** delivered: how many lines arrived short, and how many came as another product */
  shortLines?: number;
  substitutes?: number;
  /** cancelled: the supplier's reason */
  reason?: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

function counted(
  language: CatalogueLanguage,
  forms: Partial<Record<string, string>> & { other: string },
  count: number,
) {
  const category = new Intl.PluralRules(language).select(count);
  return fill(forms[category] ?? forms.other, { count: String(count) });
}

/** "Tue 1 Dec, 14:00" in the language, at the supplier's time zone (UTC, said so, without a calendar). */
function etaText(language: CatalogueLanguage, eta: string, timeZone: string | undefined) {
  return new Intl.DateTimeFormat(etaLocales[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timeZone ?? 'UTC',
    ...(timeZone === undefined ? { timeZoneName: 'short' } : {}),
  }).format(new Date(eta));
}

function textsIn(language: CatalogueLanguage, notice: SuborderNotice, timeZone: string | undefined) {
  const texts = suborderNoticeTexts[language];
  const details = [
    ...(notice.shortLines ? [counted(language, texts.short, notice.shortLines)] : []),
    ...(notice.substitutes ? [counted(language, texts.substituted, notice.substitutes)] : []),
  ].join(texts.separator);
  const values = {
    order: String(notice.orderId),
    warehouse: notice.warehouse,
    eta: notice.eta ? etaText(language, notice.eta, timeZone) : '',
    note: notice.deliveryNote ?? '',
    details,
    reason: notice.reason ?? '',
  };
  const title =
    notice.kind === 'delivered' && details !== '' ? texts.title.deliveredWith : texts.title[notice.kind];
  const text = fill(texts.text[notice.kind], values);
  return {
    name: fill(title, values),
    description: notice.reason ? `${text} ${fill(texts.reason, values)}` : text,
  };
}

/**
 * Tells the user who placed the order what the ERP reported of one of its suborders: a notification
 * about the order (`order_id`, which the portal opens), its English text in the row and the nine
 * languages in notification_translations, answered per Accept-Language like the invoice notices.
 * Call it in the report's transaction, so a report stored once is announced once. A user deleted
 * since the order is told nothing.
 */
export async function announceSuborderChange(trx: Kysely<Database>, notice: SuborderNotice, at: Date) {
  const recipient = await trx
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select('u.id')
    .where('o.id', '=', notice.orderId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!recipient) return;
  const timeZone = notice.eta ? (await calendarSettings(trx))?.time_zone : undefined;
  const english = textsIn(FALLBACK_LANGUAGE, notice, timeZone);
  const { id } = await trx
    .insertInto('notifications')
    .values({
      user_id: recipient.id,
      name: english.name,
      description: english.description,
      created_at: at.toISOString(),
      read_at: null,
      order_id: notice.orderId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('notification_translations')
    .values(
      catalogueLanguages.map((language) => ({
        notification_id: id,
        language,
        ...textsIn(language, notice, timeZone),
      })),
    )
    .execute();
}
