import type { Kysely } from 'kysely';
import type { CompanyInfoUpdateWire, CompanyInfoWire } from '../../src/services/api/wire/account';
import type { Database } from '../db/schema';
import { ApiError, badRequest } from '../http/api-error';
import { POSTAL_ADDRESS_FIELDS } from './account-fields';

const addressColumns = ['id', 'kind', ...POSTAL_ADDRESS_FIELDS, 'instructions'] as const;

/** The company info of GET and PUT /petekcore/company-info/, read in one go. */
export async function loadCompanyInfo(db: Kysely<Database>, companyId: number): Promise<CompanyInfoWire> {
  const company = await db
    .selectFrom('companies')
    .select(['version', 'customer_type', 'name', 'vat_number', 'landline_number', 'mobile_number'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const emails = await db
    .selectFrom('company_email_addresses')
    .select('email')
    .where('company_id', '=', companyId)
    .orderBy('position')
    .execute();
  const addresses = await db
    .selectFrom('company_addresses')
    .select(addressColumns)
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const common = (a: (typeof addresses)[number]) => ({
    pk: a.id,
    name: a.name,
    line1: a.line1,
    line2: a.line2,
    suburb: a.suburb,
    city: a.city,
    state: a.state,
    country: a.country,
    postal_code: a.postal_code,
  });
  return {
    version: company.version,
    customer_type: company.customer_type,
    name: company.name,
    vat_number: company.vat_number,
    landline_number: company.landline_number,
    mobile_number: company.mobile_number,
    email_addresses: emails.map((e) => e.email),
    delivery_addresses: addresses
      .filter((a) => a.kind === 'delivery')
      .map((a) => ({ ...common(a), instructions: a.instructions })),
    billing_addresses: addresses.filter((a) => a.kind === 'billing').map(common),
  };
}

type AddressKind = 'delivery' | 'billing';
type AddressInput = CompanyInfoUpdateWire['billing_addresses'][number] & { instructions?: string };

/** Field errors the wire schema cannot see: a repeated e-mail address (the form refuses it too). */
function duplicateEmailErrors(emails: readonly string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  emails.forEach((email, index) => {
    const folded = email.toLowerCase();
    if (seen.has(folded))
      errors[`email_addresses.${index}`] = ['This e-mail address is already in the list.'];
    seen.add(folded);
  });
  return errors;
}

/**
 * Saves a whole company info (spec point 7) in one transaction: the version check, then that every
 * address pk is one of this company's addresses of that kind, then fields, e-mail list and addresses.
 * The caller has checked the role. Answers the fresh company info with the new version.
 */
export async function saveCompanyInfo(
  db: Kysely<Database>,
  companyId: number,
  body: CompanyInfoUpdateWire,
): Promise<CompanyInfoWire> {
  const emailErrors = duplicateEmailErrors(body.email_addresses);
  return db.transaction().execute(async (trx) => {
    // The version check and the bump are one guarded update: of two PUTs made from the same copy,
    // the second finds the version moved on (PostgreSQL re-checks the row after the first commits).
    const bumped = await trx
      .updateTable('companies')
      .set((eb) => ({
        version: eb('version', '+', 1),
        name: body.name,
        vat_number: body.vat_number,
        landline_number: body.landline_number,
        mobile_number: body.mobile_number,
        email: body.email_addresses[0] ?? '',
      }))
      .where('id', '=', companyId)
      // without a version (a client that follows point 3 alone) the last write wins
      .$if(body.version !== undefined, (query) => query.where('version', '=', body.version ?? 0))
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) !== 1)
      throw new ApiError(409, {
        detail:
          'Someone else saved the company information in the meantime. Reload it and make your change again.',
        code: 'stale_company_info',
      });

    const existing = await trx
      .selectFrom('company_addresses')
      .select(['id', 'kind'])
      .where('company_id', '=', companyId)
      .execute();
    const lists: [AddressKind, readonly AddressInput[]][] = [
      ['delivery', body.delivery_addresses],
      ['billing', body.billing_addresses],
    ];
    const errors: Record<string, string[]> = { ...emailErrors };
    for (const [kind, list] of lists) {
      const own = new Set(existing.filter((a) => a.kind === kind).map((a) => a.id));
      const given = new Set<number>();
      list.forEach((address, index) => {
        if (address.pk == null) return;
        const field = `${kind}_addresses.${index}.pk`;
        if (!own.has(address.pk))
          errors[field] = [`No ${kind} address of this company has the pk ${address.pk}.`];
        else if (given.has(address.pk))
          errors[field] = [`The ${kind} address ${address.pk} is in the list twice.`];
        given.add(address.pk);
      });
    }
    if (Object.keys(errors).length > 0) throw badRequest('The request body has invalid fields.', errors);

    await trx.deleteFrom('company_email_addresses').where('company_id', '=', companyId).execute();
    await trx
      .insertInto('company_email_addresses')
      .values(body.email_addresses.map((email, position) => ({ company_id: companyId, position, email })))
      .execute();

    for (const [kind, list] of lists) {
      const kept = list.flatMap((a) => (a.pk == null ? [] : [a.pk]));
      let removal = trx
        .deleteFrom('company_addresses')
        .where('company_id', '=', companyId)
        .where('kind', '=', kind);
      if (kept.length > 0) removal = removal.where('id', 'not in', kept);
      await removal.execute();
      for (const [position, address] of list.entries()) {
        const fields = {
          position,
          name: address.name,
          line1: address.line1,
          line2: address.line2,
          suburb: address.suburb,
          city: address.city,
          state: address.state,
          country: address.country,
          postal_code: address.postal_code,
          instructions: kind === 'delivery' ? (address.instructions ?? '') : '',
        };
        if (address.pk == null)
          await trx
            .insertInto('company_addresses')
            .values({ ...fields, company_id: companyId, kind })
            .execute();
        else
          await trx
            .updateTable('company_addresses')
            .set(fields)
            .where('id', '=', address.pk)
            .where('company_id', '=', companyId)
            .execute();
      }
    }
    return loadCompanyInfo(trx, companyId);
  });
}
