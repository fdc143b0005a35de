import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { ImportContext, ImportKindHandler, SourceRow } from '../import-kind';
import { CUSTOMER_GROUP_HEADERS } from './customer-columns';
import { decideRows, inChunks, namedKeys, productsNamed } from './decide-rows';
import {
  cellText,
  dayField,
  decimalField,
  externalIdOf,
  refuse,
  requireExternalId,
  sameDecimal,
  shown,
  textField,
} from './row-values';

export const priceRowSchema = z
  .object({
    id: z.string().describe("The supplier's own key of this price row."),
    product: z.string().describe("The product's id (its external id, as the products import gave it)."),
    customer: z
      .string()
      .optional()
      .describe("The customer's (company's) id; exactly one of customer and customer_group."),
    customer_group: z
      .string()
      .optional()
      .describe("The customer group's id; exactly one of customer and customer_group."),
    min_quantity: z
      .union([z.string(), z.number()])
      .optional()
      .describe('From how many primary units the price applies (default 1, up to 3 decimal places).'),
    price: z
      .union([z.string(), z.number()])
      .describe(
        'The net price per primary unit, greater than 0, up to 4 decimal places, as text such as "12.3400".',
      ),
    valid_from: z.string().optional().describe('The first day it applies, YYYY-MM-DD; empty: open.'),
    valid_to: z.string().optional().describe('The last day it applies, YYYY-MM-DD; empty: open.'),
  })
  .describe('A contract price: one customer or one customer group, one product, from a quantity up.');

export const priceColumns: Readonly<Record<string, readonly string[]>> = {
  id: [
    'id',
    'price id',
    'condition id',
    'preis id',
    'konditions id',
    'fiyat id',
    'id prix',
    'id prezzo',
    'id precio',
    'pris id',
    'معرف السعر',
  ],
  product: [
    'product',
    'product id',
    'item',
    'item id',
    'article',
    'produkt',
    'artikel',
    'ürün',
    'urun',
    'produit',
    'prodotto',
    'producto',
    'artículo',
    'vare',
    'المنتج',
  ],
  customer: [
    'customer',
    'customer id',
    'customer number',
    'account',
    'kunde',
    'kundennummer',
    'müşteri',
    'musteri',
    'cari',
    'client',
    'cliente',
    'kund',
    'kunde id',
    'العميل',
  ],
  customer_group: CUSTOMER_GROUP_HEADERS,
  min_quantity: [
    'min quantity',
    'minimum quantity',
    'from quantity',
    'quantity from',
    'ab menge',
    'mindestmenge',
    'staffelmenge',
    'min miktar',
    'asgari miktar',
    'quantité minimale',
    'à partir de',
    'quantità minima',
    'cantidad mínima',
    'minste mengd',
    'minimiantal',
    'الحد الأدنى للكمية',
  ],
  price: [
    'price',
    'net price',
    'contract price',
    'preis',
    'nettopreis',
    'fiyat',
    'net fiyat',
    'prix',
    'prix net',
    'prezzo',
    'prezzo netto',
    'precio',
    'precio neto',
    'pris',
    'nettopris',
    'سعر',
    'السعر',
  ],
  valid_from: [
    'valid from',
    'from',
    'start date',
    'gültig ab',
    'gueltig ab',
    'başlangıç',
    'geçerlilik başlangıcı',
    'valable à partir',
    'valide dal',
    'válido desde',
    'gyldig frå',
    'gyldig fra',
    'giltig från',
    'صالح من',
  ],
  valid_to: [
    'valid to',
    'valid until',
    'to',
    'end date',
    'gültig bis',
    'gueltig bis',
    'bitiş',
    'geçerlilik bitişi',
    "valable jusqu'au",
    'valide fino al',
    'válido hasta',
    'gyldig til',
    'giltig till',
    'صالح حتى',
  ],
};

interface PriceValues {
  product: string;
  customer: string;
  group: string;
  min_quantity: string;
  price: string;
  valid_from: string | null;
  valid_to: string | null;
}

function readPrice(fields: Record<string, unknown>): PriceValues {
  const product = textField(fields, 'product', { required: true, maxLength: 200 });
  const customer = textField(fields, 'customer', { maxLength: 200 });
  const group = textField(fields, 'customer_group', { maxLength: 200 });
  if ((customer === '') === (group === ''))
    refuse(
      'scope_invalid',
      customer === ''
        ? 'A price names either "customer" or "customer_group"; this row names neither.'
        : `A price names either "customer" or "customer_group", not both (${shown(customer)} and ${shown(group)}).`,
    );
  const validFrom = dayField(fields, 'valid_from');
  const validTo = dayField(fields, 'valid_to');
  if (validFrom !== null && validTo !== null && validFrom > validTo)
    refuse('valid_to_invalid', `"valid_to" ${validTo} is before "valid_from" ${validFrom}.`);
  return {
    product,
    customer,
    group,
    min_quantity: decimalField(fields, 'min_quantity', {
      places: 3,
      positive: true,
      fallback: '1',
    }) as string,
    price: decimalField(fields, 'price', { places: 4, positive: true, required: true }) as string,
    valid_from: validFrom,
    valid_to: validTo,
  };
}

async function applyBatch(trx: Transaction<Database>, rows: readonly SourceRow[], _context: ImportContext) {
  const ids = rows.map((row) => externalIdOf(row.fields)).filter((id): id is string => id !== null);
  const [stored, products, companies, groups] = await Promise.all([
    inChunks(ids, (chunk) =>
      trx
        .selectFrom('contract_prices')
        .select([
          'id',
          'external_id',
          'product_id',
          'company_id',
          'customer_group_id',
          'min_quantity',
          'price',
          'valid_from',
          'valid_to',
          'retired_at',
        ])
        .where('external_id', 'in', chunk)
        .execute(),
    ),
    productsNamed(trx, rows),
    inChunks(
      rows.map((row) => cellText(row.fields.customer)),
      (chunk) =>
        trx.selectFrom('companies').select(['id', 'external_id']).where('external_id', 'in', chunk).execute(),
    ),
    inChunks(
      rows.map((row) => cellText(row.fields.customer_group)),
      (chunk) =>
        trx
          .selectFrom('customer_groups')
          .select(['id', 'external_id'])
          .where('external_id', 'in', chunk)
          .execute(),
    ),
  ]);
  const byExternalId = new Map(stored.map((row) => [row.external_id, row]));
  const productIds = new Map(products.map((row) => [row.external_id as string, row.id]));
  const companyIds = new Map(companies.map((row) => [row.external_id as string, row.id]));
  const groupIds = new Map(groups.map((row) => [row.external_id, row.id]));

  return decideRows(rows, async (row) => {
    const id = requireExternalId(row.fields);
    const values = readPrice(row.fields);
    const productId = productIds.get(values.product);
    if (productId === undefined)
      refuse('product_unknown', `"product" names no product: ${shown(values.product)}.`);
    const companyId = values.customer === '' ? null : companyIds.get(values.customer);
    if (companyId === undefined)
      refuse('customer_unknown', `"customer" names no customer: ${shown(values.customer)}.`);
    const groupId = values.group === '' ? null : groupIds.get(values.group);
    if (groupId === undefined)
      refuse('customer_group_unknown', `"customer_group" names no customer group: ${shown(values.group)}.`);
    const columns = {
      product_id: productId as number,
      company_id: companyId as number | null,
      customer_group_id: groupId as number | null,
      min_quantity: values.min_quantity,
      price: values.price,
      valid_from: values.valid_from,
      valid_to: values.valid_to,
      retired_at: null,
    };
    const existing = byExternalId.get(id);
    if (existing) {
      if (
        existing.retired_at === null &&
        existing.product_id === columns.product_id &&
        existing.company_id === columns.company_id &&
        existing.customer_group_id === columns.customer_group_id &&
        sameDecimal(String(existing.min_quantity), columns.min_quantity) &&
        sameDecimal(String(existing.price), columns.price) &&
        existing.valid_from === columns.valid_from &&
        existing.valid_to === columns.valid_to
      )
        return 'unchanged';
      await trx.updateTable('contract_prices').set(columns).where('id', '=', existing.id).execute();
      byExternalId.set(id, { ...existing, ...columns });
      return 'applied';
    }
    const created = await trx
      .insertInto('contract_prices')
      .values({ external_id: id, ...columns })
      .returning('id')
      .executeTakeFirstOrThrow();
    byExternalId.set(id, { id: created.id, external_id: id, ...columns });
    return 'applied';
  });
}

/** Retires the price rows this snapshot did not name: a retired row never prices anything. */
async function retireAbsent(trx: Transaction<Database>, context: ImportContext): Promise<string[]> {
  const named = await namedKeys(trx, context.jobId);
  const active = await trx
    .selectFrom('contract_prices')
    .select(['id', 'external_id'])
    .where('retired_at', 'is', null)
    .execute();
  const absent = active.filter((row) => !named.has(row.external_id));
  const now = context.now.toISOString();
  await inChunks(
    absent.map((row) => row.id),
    async (chunk) => {
      await trx.updateTable('contract_prices').set({ retired_at: now }).where('id', 'in', chunk).execute();
      return [];
    },
  );
  return absent.map((row) => row.external_id);
}

export const pricesKind: ImportKindHandler = {
  kind: 'prices',
  scope: 'prices:write',
  rowSchema: priceRowSchema,
  columns: priceColumns,
  requiredColumns: ['id', 'product', 'price'],
  applyBatch,
  retireAbsent,
};
