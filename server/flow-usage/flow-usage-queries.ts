import type { Kysely } from 'kysely';
import type { FlowUsageAnswerWire } from '../../src/services/api/wire/flow-usage-answer';
import type { Database } from '../db/schema';

interface FlowUsageCount {
  machine: string;
  transition: string;
  count: number;
}

/** YYYY-MM-DD of `at`, UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The same machine and transition once, their counts added (one statement may not touch a row twice). */
function merged(counts: readonly FlowUsageCount[]): FlowUsageCount[] {
  const byKey = new Map<string, FlowUsageCount>();
  for (const entry of counts) {
    const key = `${entry.machine}\n${entry.transition}`;
    const known = byKey.get(key);
    if (known) known.count += entry.count;
    else byKey.set(key, { ...entry });
  }
  // one order for every writer: concurrent reports lock PostgreSQL's rows in the same sequence
  return [...byKey.values()].sort((a, b) =>
    a.machine === b.machine ? (a.transition < b.transition ? -1 : 1) : a.machine < b.machine ? -1 : 1,
  );
}

/**
 * Adds a report's counts to `day`'s rows in one statement: an upsert whose update adds to the
 * stored count, so reports arriving together from many tabs and processes all count (PostgreSQL
 * locks each row it updates; SQLite writes one at a time).
 */
export async function addFlowUsage(db: Kysely<Database>, day: string, counts: readonly FlowUsageCount[]) {
  const rows = merged(counts).map((entry) => ({ day, ...entry }));
  if (!rows.length) return;
  await db
    .insertInto('flow_usage')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['machine', 'day', 'transition'])
        .doUpdateSet((eb) => ({ count: eb('flow_usage.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
}

/** A machine's counts from `from` to `to` (days, inclusive): per transition its total and its days. */
export async function flowUsageOf(
  db: Kysely<Database>,
  machine: string,
  from: string,
  to: string,
): Promise<FlowUsageAnswerWire> {
  const rows = await db
    .selectFrom('flow_usage')
    .select(['transition', 'day', 'count'])
    .where('machine', '=', machine)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('transition')
    .orderBy('day')
    .execute();
  const byTransition = new Map<string, FlowUsageAnswerWire['transitions'][number]>();
  for (const row of rows) {
    const count = Number(row.count);
    const entry = byTransition.get(row.transition) ?? { transition: row.transition, total: 0, days: [] };
    entry.total += count;
    entry.days.push({ day: row.day, count });
    byTransition.set(row.transition, entry);
  }
  return { machine, from, to, transitions: [...byTransition.values()] };
}
