import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SignOffRow {
  id: number;
  machine: string;
  version: string;
  comment: string;
  signed_by: string | null;
  signed_at: string;
}

const signOffs = (db: Kysely<Database>) =>
  db
    .selectFrom('flow_sign_offs')
    .leftJoin('users', 'users.id', 'flow_sign_offs.user_id')
    .select([
      'flow_sign_offs.id',
      'flow_sign_offs.machine',
      'flow_sign_offs.version',
      'flow_sign_offs.comment',
      'flow_sign_offs.signed_at',
      'users.first_name',
      'users.last_name',
    ]);

type Joined = Omit<SignOffRow, 'signed_by'> & { first_name: string | null; last_name: string | null };

const withSigner = ({ first_name, last_name, ...row }: Joined): SignOffRow => ({
  ...row,
  signed_by: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
});

/** A machine's sign-offs, newest first (the id breaks a tie within one millisecond). */
export async function signOffsOf(db: Kysely<Database>, machine: string): Promise<SignOffRow[]> {
  const rows = await signOffs(db)
    .where('flow_sign_offs.machine', '=', machine)
    .orderBy('flow_sign_offs.signed_at', 'desc')
    .orderBy('flow_sign_offs.id', 'desc')
    .execute();
  return rows.map(withSigner);
}

/** The newest sign-off of every machine that has one (`npm run flows:check`). */
export async function latestSignOffs(db: Kysely<Database>): Promise<Map<string, SignOffRow>> {
  const rows = await signOffs(db)
    .orderBy('flow_sign_offs.signed_at', 'desc')
    .orderBy('flow_sign_offs.id', 'desc')
    .execute();
  const latest = new Map<string, SignOffRow>();
  for (const row of rows) if (!latest.has(row.machine)) latest.set(row.machine, withSigner(row));
  return latest;
}

export async function insertSignOff(
  db: Kysely<Database>,
  signOff: { machine: string; version: string; comment: string; userId: number; at: Date },
): Promise<SignOffRow> {
  const { id } = await db
    .insertInto('flow_sign_offs')
    .values({
      machine: signOff.machine,
      version: signOff.version,
      comment: signOff.comment,
      user_id: signOff.userId,
      signed_at: signOff.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await signOffs(db).where('flow_sign_offs.id', '=', id).executeTakeFirstOrThrow();
  return withSigner(row);
}
