import type { Kysely } from 'kysely';
import { toDecimal } from '../../src/domain/decimal';
import type { Database } from '../db/schema';
import { type OutgoingMail, queueMail } from '../mail/outbox';
import type { OrderVersionContent, VersionLine } from './order-versions';

/** What happened to the order: a new version, or its cancellation. */
export type OrderChange =
  | { kind: 'changed'; before: OrderVersionContent; after: OrderVersionContent }
  | { kind: 'cancelled'; before: OrderVersionContent };

type UnitNames = ReadonlyMap<number, { name: string; namePlural: string }>;

const lineKey = (line: VersionLine) => `${line.product.id}:${line.unit}`;

function quantityOf(line: VersionLine, units: UnitNames): string {
  const unit = units.get(line.unit);
  const name = unit
    ? toDecimal(line.quantity).equals(1)
      ? unit.name
      : unit.namePlural
    : `unit ${line.unit}`;
  return `${line.quantity} ${name}`;
}

/** The change line by line: added, removed and changed lines (a product in a unit is one line), and the day. */
export function changeLines(change: OrderChange, units: UnitNames): string[] {
  if (change.kind === 'cancelled')
    return [
      'The order was cancelled. Its lines were:',
      ...change.before.items.map((line) => `  ${line.product.name}: ${quantityOf(line, units)}`),
      `Delivery day was: ${change.before.expected_delivery_date}`,
    ];
  const { before, after } = change;
  const old = new Map(before.items.map((line) => [lineKey(line), line]));
  const now = new Map(after.items.map((line) => [lineKey(line), line]));
  const lines: string[] = [];
  if (before.expected_delivery_date !== after.expected_delivery_date)
    lines.push(`Delivery day: ${before.expected_delivery_date} → ${after.expected_delivery_date}`);
  else lines.push(`Delivery day: ${after.expected_delivery_date} (unchanged)`);
  for (const line of after.items) {
    const was = old.get(lineKey(line));
    if (!was) lines.push(`Added: ${line.product.name}: ${quantityOf(line, units)}`);
    else if (!toDecimal(was.quantity).equals(line.quantity))
      lines.push(`Changed: ${line.product.name}: ${quantityOf(was, units)} → ${quantityOf(line, units)}`);
  }
  for (const line of before.items)
    if (!now.has(lineKey(line))) lines.push(`Removed: ${line.product.name}: ${quantityOf(line, units)}`);
  if (lines.length === 1) lines.push('The lines are unchanged.');
  lines.push(`Total: ${before.total} → ${after.total}`);
  return lines;
}

/**
 * Queues one mail to each of these operators that has an e-mail address, in the caller's
 * transaction (so a change that rolls back tells nobody), in English: the operators' working
 * language. Answers the queued mails, for the caller to send once the transaction committed.
 */
export async function queueOrderChangeMails(
  trx: Kysely<Database>,
  order: { id: number; companyId: number; version: number; by: number },
  operatorIds: readonly number[],
  change: OrderChange,
  now: Date,
): Promise<{ id: number; mail: OutgoingMail }[]> {
  const ids = [...new Set(operatorIds)];
  if (ids.length === 0) return [];
  const operators = await trx
    .selectFrom('operators')
    .select(['id', 'name', 'email'])
    .where('id', 'in', ids)
    .where('email', 'is not', null)
    .orderBy('id')
    .execute();
  if (operators.length === 0) return [];
  const company = await trx
    .selectFrom('companies')
    .select('name')
    .where('id', '=', order.companyId)
    .executeTakeFirstOrThrow();
  const user = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', order.by)
    .executeTakeFirstOrThrow();
  const units: UnitNames = new Map(
    (await trx.selectFrom('units').select(['id', 'name', 'name_plural']).execute()).map((unit) => [
      unit.id,
      { name: unit.name, namePlural: unit.name_plural },
    ]),
  );
  const who = `${user.first_name} ${user.last_name}`.trim();
  const what = change.kind === 'cancelled' ? 'cancelled' : 'changed';
  const subject = `Order ${order.id} ${what}`;
  const body = [
    `Order ${order.id} of ${company.name} was ${what} by ${who} (now version ${order.version}).`,
    '',
    ...changeLines(change, units),
  ];
  const queued: { id: number; mail: OutgoingMail }[] = [];
  for (const operator of operators) {
    if (operator.email === null) continue;
    const mail: OutgoingMail = {
      to: operator.email,
      subject,
      text: [`Hello ${operator.name},`, '', ...body, ''].join('\n'),
      language: 'en',
    };
    queued.push({ id: await queueMail(trx, mail, () => now, undefined), mail });
  }
  return queued;
}
