import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { unusablePasswordHash } from '../../security/passwords';
import type { ImportContext, ImportKindHandler, SourceRow } from '../import-kind';
import { bumpCatalogueVersion } from './catalogue-lookups';
import {
  CUSTOMER_RECORDS,
  type CustomerRecord,
  customerColumns,
  customerRowSchema,
  USER_LANGUAGES,
} from './customer-columns';
import { decideRows, inChunks, namedKeys } from './decide-rows';
import {
  externalIdOf,
  flagField,
  has,
  listField,
  refuse,
  requireExternalId,
  shown,
  textField,
} from './row-values';

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** Addresses as the sign-in and reset forms accept them (ASCII, one @, a dot in the domain). */
const emailPattern = /^[\x21-\x3f\x41-\x7e]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/;

function emailField(fields: Record<string, unknown>): string {
  const email = textField(fields, 'email', { maxLength: 254 });
  if (email !== '' && !emailPattern.test(email))
    refuse('email_invalid', `"email" is not an e-mail address: ${shown(email)}.`);
  return email;
}

function recordOf(fields: Record<string, unknown>): CustomerRecord {
  const record = text(fields.record)
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (!(CUSTOMER_RECORDS as readonly string[]).includes(record))
    return refuse(
      record === '' ? 'record_missing' : 'record_invalid',
      `"record" must be one of ${CUSTOMER_RECORDS.join(', ')}, not ${shown(fields.record ?? '')}.`,
    );
  return record as CustomerRecord;
}

type StoredCompany = Pick<
  Database['companies'],
  'name' | 'customer_type' | 'vat_number' | 'email' | 'landline_number' | 'tax_applies' | 'currency_symbol'
> & { id: number; external_id: string | null; customer_group_id: number | null; retired_at: string | null };

type StoredUser = Pick<
  Database['users'],
  'company_id' | 'username' | 'first_name' | 'last_name' | 'email' | 'language' | 'is_admin' | 'is_active'
> & { id: number; external_id: string | null; deleted_at: string | null };

type StoredAddress = Pick<
  Database['company_addresses'],
  'company_id' | 'kind' | 'name' | 'line1' | 'line2' | 'postal_code' | 'city' | 'country' | 'instructions'
> & { id: number; external_id: string | null; position: number };

/** Everything a batch's rows may name, read in a few IN queries before the first row is decided. */
async function readBatchState(trx: Transaction<Database>, rows: readonly SourceRow[]) {
  const ids = rows.map((row) => externalIdOf(row.fields)).filter((id): id is string => id !== null);
  const companyKeys = [...ids, ...rows.map((row) => text(row.fields.customer)).filter(Boolean)];
  const usernames = rows.map((row) => text(row.fields.username)).filter(Boolean);
  const emails = rows.map((row) => text(row.fields.email).toLowerCase()).filter(Boolean);
  const groups = rows.map((row) => text(row.fields.customer_group)).filter(Boolean);
  const assortments = rows.flatMap((row) => {
    try {
      return listField(row.fields, 'assortments');
    } catch {
      return [];
    }
  });
  const userColumns = [
    'id',
    'external_id',
    'company_id',
    'username',
    'first_name',
    'last_name',
    'email',
    'language',
    'is_admin',
    'is_active',
    'deleted_at',
  ] as const;
  const [companies, users, usersByName, usersByEmail, addresses, groupRows, assortmentRows] =
    await Promise.all([
      inChunks(companyKeys, (chunk) =>
        trx
          .selectFrom('companies')
          .select([
            'id',
            'external_id',
            'name',
            'customer_type',
            'vat_number',
            'email',
            'landline_number',
            'tax_applies',
            'currency_symbol',
            'customer_group_id',
            'retired_at',
          ])
          .where('external_id', 'in', chunk)
          .execute(),
      ),
      inChunks(ids, (chunk) =>
        trx.selectFrom('users').select(userColumns).where('external_id', 'in', chunk).execute(),
      ),
      inChunks(usernames, (chunk) =>
        trx.selectFrom('users').select(userColumns).where('username', 'in', chunk).execute(),
      ),
      inChunks(emails, (chunk) =>
        trx
          .selectFrom('users')
          .select(userColumns)
          .where(sql<string>`lower(email)`, 'in', chunk)
          .where('deleted_at', 'is', null)
          .execute(),
      ),
      inChunks(ids, (chunk) =>
        trx
          .selectFrom('company_addresses')
          .select([
            'id',
            'external_id',
            'company_id',
            'kind',
            'position',
            'name',
            'line1',
            'line2',
            'postal_code',
            'city',
            'country',
            'instructions',
          ])
          .where('external_id', 'in', chunk)
          .execute(),
      ),
      inChunks(groups, (chunk) =>
        trx
          .selectFrom('customer_groups')
          .select(['id', 'external_id'])
          .where('external_id', 'in', chunk)
          .execute(),
      ),
      inChunks(assortments, (chunk) =>
        trx
          .selectFrom('assortments')
          .select(['id', 'external_id'])
          .where('external_id', 'in', chunk)
          .execute(),
      ),
    ]);
  const companyIds = companies.map((company) => company.id);
  const [companyAssortments, positions] = await Promise.all([
    inChunks(companyIds, (chunk) =>
      trx
        .selectFrom('company_assortments')
        .select(['company_id', 'assortment_id'])
        .where('company_id', 'in', chunk)
        .execute(),
    ),
    inChunks(companyIds, (chunk) =>
      trx
        .selectFrom('company_addresses')
        .select(['company_id', 'kind', (eb) => eb.fn.max('position').as('position')])
        .where('company_id', 'in', chunk)
        .groupBy(['company_id', 'kind'])
        .execute(),
    ),
  ]);
  const allUsers = [...users, ...usersByName, ...usersByEmail];
  return {
    companies: new Map<string, StoredCompany>(companies.map((row) => [row.external_id as string, row])),
    users: new Map<string, StoredUser>(users.map((row) => [row.external_id as string, row])),
    usernames: new Map(allUsers.map((row) => [row.username, row.id])),
    emails: new Map(
      allUsers
        .filter((row) => row.deleted_at === null && row.email !== '')
        .map((row) => [row.email.toLowerCase(), row.id]),
    ),
    addresses: new Map<string, StoredAddress>(addresses.map((row) => [row.external_id as string, row])),
    groups: new Map(groupRows.map((row) => [row.external_id, row.id])),
    assortments: new Map(assortmentRows.map((row) => [row.external_id, row.id])),
    companyAssortments: new Map(
      companyIds.map((id) => [
        id,
        new Set(companyAssortments.filter((row) => row.company_id === id).map((row) => row.assortment_id)),
      ]),
    ),
    lastPosition: new Map(positions.map((row) => [`${row.company_id}:${row.kind}`, Number(row.position)])),
  };
}

type BatchState = Awaited<ReturnType<typeof readBatchState>>;

async function groupIdFor(
  trx: Transaction<Database>,
  state: BatchState,
  key: string,
): Promise<number | null> {
  if (key === '') return null;
  const known = state.groups.get(key);
  if (known !== undefined) return known;
  // A group is made by naming it: the supplier's ERP keys groups but has no other record for them.
  const created = await trx
    .insertInto('customer_groups')
    .values({ external_id: key, name: key, retired_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  state.groups.set(key, created.id);
  return created.id;
}

async function applyCompany(
  trx: Transaction<Database>,
  state: BatchState,
  id: string,
  fields: Record<string, unknown>,
): Promise<'applied' | 'unchanged'> {
  const customerType = text(fields.customer_type).toLowerCase() || 'corporate';
  if (customerType !== 'corporate' && customerType !== 'individual')
    refuse(
      'customer_type_invalid',
      `"customer_type" must be corporate or individual, not ${shown(fields.customer_type)}.`,
    );
  const values = {
    name: textField(fields, 'name', { required: true, maxLength: 300 }),
    customer_type: customerType as 'corporate' | 'individual',
    vat_number: textField(fields, 'vat_number', { maxLength: 50 }),
    email: emailField(fields),
    landline_number: textField(fields, 'phone', { maxLength: 50 }),
    tax_applies: flagField(fields, 'tax_applies', 1),
    currency_symbol: textField(fields, 'currency_symbol', { maxLength: 5 }) || '€',
  };
  const assortmentKeys = has(fields, 'assortments') ? listField(fields, 'assortments') : null;
  const assortmentIds = assortmentKeys?.map((key) => {
    const found = state.assortments.get(key);
    if (found === undefined)
      return refuse('assortment_unknown', `"assortments" names no assortment: ${shown(key)}.`);
    return found;
  });
  const groupKey = textField(fields, 'customer_group', { maxLength: 200 });
  const existing = state.companies.get(id);
  const groupId = groupKey === '' ? null : (state.groups.get(groupKey) ?? -1);
  const wanted = assortmentIds ? new Set(assortmentIds) : null;
  const current = existing
    ? (state.companyAssortments.get(existing.id) ?? new Set<number>())
    : new Set<number>();
  const sameAssortments =
    wanted === null || (wanted.size === current.size && [...wanted].every((a) => current.has(a)));
  if (
    existing &&
    existing.retired_at === null &&
    existing.name === values.name &&
    existing.customer_type === values.customer_type &&
    existing.vat_number === values.vat_number &&
    existing.email === values.email &&
    existing.landline_number === values.landline_number &&
    Number(existing.tax_applies) === values.tax_applies &&
    existing.currency_symbol === values.currency_symbol &&
    existing.customer_group_id === groupId &&
    sameAssortments
  )
    return 'unchanged';

  const columns = { ...values, customer_group_id: await groupIdFor(trx, state, groupKey), retired_at: null };
  let companyId: number;
  if (existing) {
    companyId = existing.id;
    await trx.updateTable('companies').set(columns).where('id', '=', companyId).execute();
  } else {
    const created = await trx
      .insertInto('companies')
      .values({ ...columns, external_id: id, mobile_number: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyId = created.id;
  }
  if (!existing || existing.email !== values.email) {
    // companies.email mirrors the first address of the company's list (migration 060)
    await trx
      .deleteFrom('company_email_addresses')
      .where('company_id', '=', companyId)
      .where('position', '=', 0)
      .execute();
    if (values.email !== '')
      await trx
        .insertInto('company_email_addresses')
        .values({ company_id: companyId, position: 0, email: values.email })
        .execute();
  }
  if (wanted && !sameAssortments) {
    await trx.deleteFrom('company_assortments').where('company_id', '=', companyId).execute();
    if (wanted.size > 0)
      await trx
        .insertInto('company_assortments')
        .values([...wanted].map((assortmentId) => ({ company_id: companyId, assortment_id: assortmentId })))
        .execute();
    // what the company's users may see changed
    await bumpCatalogueVersion(trx);
  }
  state.companies.set(id, { id: companyId, external_id: id, ...columns });
  state.companyAssortments.set(companyId, wanted ?? current);
  return 'applied';
}

function companyFor(state: BatchState, fields: Record<string, unknown>): StoredCompany {
  const customer = textField(fields, 'customer', { required: true, maxLength: 200 });
  const company = state.companies.get(customer);
  if (!company) return refuse('customer_unknown', `"customer" names no customer: ${shown(customer)}.`);
  return company;
}

async function applyUser(
  trx: Transaction<Database>,
  state: BatchState,
  id: string,
  fields: Record<string, unknown>,
  now: string,
): Promise<'applied' | 'unchanged'> {
  const company = companyFor(state, fields);
  const language = text(fields.language).toLowerCase() || 'en';
  if (!(USER_LANGUAGES as readonly string[]).includes(language))
    refuse(
      'language_invalid',
      `"language" must be one of ${USER_LANGUAGES.join(', ')}, not ${shown(fields.language)}.`,
    );
  const values = {
    company_id: company.id,
    username: textField(fields, 'username', { required: true, maxLength: 150 }),
    first_name: textField(fields, 'first_name', { maxLength: 150 }),
    last_name: textField(fields, 'last_name', { maxLength: 150 }),
    email: emailField(fields),
    language,
    is_admin: flagField(fields, 'is_admin', 0),
    is_active: 1,
  };
  const existing = state.users.get(id);
  const nameHolder = state.usernames.get(values.username);
  if (nameHolder !== undefined && nameHolder !== existing?.id)
    refuse('username_taken', `"username" ${shown(values.username)} belongs to another user.`);
  const emailHolder = values.email === '' ? undefined : state.emails.get(values.email.toLowerCase());
  if (emailHolder !== undefined && emailHolder !== existing?.id)
    refuse('email_taken', `"email" ${shown(values.email)} belongs to another user.`);
  if (
    existing &&
    existing.company_id === values.company_id &&
    existing.username === values.username &&
    existing.first_name === values.first_name &&
    existing.last_name === values.last_name &&
    existing.email === values.email &&
    existing.language === values.language &&
    Number(existing.is_admin) === values.is_admin &&
    Number(existing.is_active) === 1
  )
    return 'unchanged';
  let userId: number;
  if (existing) {
    userId = existing.id;
    await trx.updateTable('users').set(values).where('id', '=', userId).execute();
    state.usernames.delete(existing.username);
    if (existing.email !== '') state.emails.delete(existing.email.toLowerCase());
  } else {
    const created = await trx
      .insertInto('users')
      .values({
        ...values,
        external_id: id,
        // no password: the user sets one through "Forgot password", by the address given here
        password_hash: unusablePasswordHash(),
        landline_phone: '',
        mobile_phone: '',
        is_demo: 0,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = created.id;
  }
  state.users.set(id, { id: userId, external_id: id, deleted_at: existing?.deleted_at ?? null, ...values });
  state.usernames.set(values.username, userId);
  if (values.email !== '') state.emails.set(values.email.toLowerCase(), userId);
  return 'applied';
}

async function applyAddress(
  trx: Transaction<Database>,
  state: BatchState,
  id: string,
  fields: Record<string, unknown>,
  kind: 'delivery' | 'billing',
): Promise<'applied' | 'unchanged'> {
  const company = companyFor(state, fields);
  const values = {
    company_id: company.id,
    kind,
    name: textField(fields, 'name', { required: true, maxLength: 300 }),
    line1: textField(fields, 'line1', { required: true, maxLength: 300 }),
    line2: textField(fields, 'line2', { maxLength: 300 }),
    postal_code: textField(fields, 'postal_code', { maxLength: 20 }),
    city: textField(fields, 'city', { required: true, maxLength: 100 }),
    country: textField(fields, 'country', { maxLength: 100 }),
    // a billing address has no delivery instructions
    instructions: kind === 'delivery' ? textField(fields, 'instructions', { maxLength: 1000 }) : '',
  };
  const existing = state.addresses.get(id);
  if (
    existing &&
    (Object.keys(values) as (keyof typeof values)[]).every((key) => existing[key] === values[key])
  )
    return 'unchanged';
  const positionKey = `${company.id}:${kind}`;
  const nextPosition = (state.lastPosition.get(positionKey) ?? -1) + 1;
  let position: number;
  let addressId: number;
  if (existing) {
    const moved = existing.company_id !== company.id || existing.kind !== kind;
    position = moved ? nextPosition : existing.position;
    addressId = existing.id;
    await trx
      .updateTable('company_addresses')
      .set({ ...values, position })
      .where('id', '=', addressId)
      .execute();
  } else {
    position = nextPosition;
    const created = await trx
      .insertInto('company_addresses')
      .values({ ...values, position, suburb: '', state: '', external_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    addressId = created.id;
  }
  state.lastPosition.set(positionKey, Math.max(position, state.lastPosition.get(positionKey) ?? -1));
  state.addresses.set(id, { id: addressId, external_id: id, position, ...values });
  return 'applied';
}

async function applyBatch(trx: Transaction<Database>, rows: readonly SourceRow[], context: ImportContext) {
  const state = await readBatchState(trx, rows);
  const now = context.now.toISOString();
  return decideRows(rows, async (row) => {
    const record = recordOf(row.fields);
    const id = requireExternalId(row.fields);
    if (record === 'company') return applyCompany(trx, state, id, row.fields);
    if (record === 'user') return applyUser(trx, state, id, row.fields, now);
    return applyAddress(trx, state, id, row.fields, record === 'delivery_address' ? 'delivery' : 'billing');
  });
}

/**
 * Snapshot: companies not named are retired and their users made inactive (their sign-ins end), users
 * not named made inactive; addresses not named are removed unless an order was sent to them, which
 * keep them (an order shows the address it went to).
 */
async function retireAbsent(trx: Transaction<Database>, context: ImportContext): Promise<string[]> {
  const named = await namedKeys(trx, context.jobId);
  const now = context.now.toISOString();
  const companies = (
    await trx
      .selectFrom('companies')
      .select(['id', 'external_id'])
      .where('external_id', 'is not', null)
      .where('retired_at', 'is', null)
      .execute()
  ).filter((row) => !named.has(row.external_id as string));
  const companyIds = companies.map((row) => row.id);
  await inChunks(companyIds, async (chunk) => {
    await trx.updateTable('companies').set({ retired_at: now }).where('id', 'in', chunk).execute();
    return [];
  });
  const users = (
    await trx
      .selectFrom('users')
      .select(['id', 'external_id', 'company_id'])
      .where('is_active', '=', 1)
      .where('deleted_at', 'is', null)
      .execute()
  ).filter(
    (row) => (row.external_id !== null && !named.has(row.external_id)) || companyIds.includes(row.company_id),
  );
  await inChunks(
    users.map((row) => row.id),
    async (chunk) => {
      await trx.updateTable('users').set({ is_active: 0 }).where('id', 'in', chunk).execute();
      await trx
        .updateTable('refresh_token_families')
        .set({ revoked_at: now })
        .where('user_id', 'in', chunk)
        .where('revoked_at', 'is', null)
        .execute();
      return [];
    },
  );
  const addresses = (
    await trx
      .selectFrom('company_addresses')
      .select(['id', 'external_id'])
      .where('external_id', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('order_delivery_addresses')
              .select('order_id')
              .whereRef('order_delivery_addresses.address_id', '=', 'company_addresses.id'),
          ),
        ),
      )
      .execute()
  ).filter((row) => !named.has(row.external_id as string));
  await inChunks(
    addresses.map((row) => row.id),
    async (chunk) => {
      await trx.deleteFrom('company_addresses').where('id', 'in', chunk).execute();
      return [];
    },
  );
  return [
    ...companies.map((row) => row.external_id as string),
    ...users
      .filter((row) => row.external_id !== null && !named.has(row.external_id))
      .map((row) => row.external_id as string),
    ...addresses.map((row) => row.external_id as string),
  ];
}

export const customersKind: ImportKindHandler = {
  kind: 'customers',
  scope: 'customers:write',
  rowSchema: customerRowSchema,
  columns: customerColumns,
  requiredColumns: ['record', 'id'],
  applyBatch,
  retireAbsent,
};
