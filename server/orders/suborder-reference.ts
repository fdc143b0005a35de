import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * How the supplier's systems name a suborder: the ERP's own number once it gave one, else the
 * portal's "SO-<id>" (as the order events carry it). "SO-" keeps the portal's names apart from any
 * ERP number, digits included.
 */
export const suborderReference = (suborder: { id: number; external_id: string | null }) =>
  suborder.external_id ?? `SO-${suborder.id}`;

const PORTAL_REFERENCE = /^SO-([1-9][0-9]{0,8})$/;

/** The suborder's id a reference names, or undefined when none does. */
export async function suborderIdOf(db: Kysely<Database>, reference: string): Promise<number | undefined> {
  const byErp = await db
    .selectFrom('suborders')
    .select('id')
    .where('external_id', '=', reference)
    .executeTakeFirst();
  if (byErp) return byErp.id;
  const portal = PORTAL_REFERENCE.exec(reference);
  if (!portal) return undefined;
  const byId = await db
    .selectFrom('suborders')
    .select('id')
    .where('id', '=', Number(portal[1]))
    .executeTakeFirst();
  return byId?.id;
}
