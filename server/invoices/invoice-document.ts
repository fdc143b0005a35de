import type { Kysely } from 'kysely';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { type Decimal, ExactDecimal, toDecimal } from '../../src/domain/decimal';
import type { Database } from '../db/schema';
import { chargeName } from '../orders/extra-charges';
import { translateRows } from '../queries/translations';
import type { InvoiceConfiguration, PaymentAccount, SupplierContact } from './invoice-configuration';
import { fillLabel, invoiceLabels, invoiceLanguage } from './invoice-labels';
import { grossLineNets, unitPriceOf } from './line-nets';
import { unitCodeOf } from './unit-codes';

/** One line of an invoice: goods, the deposit they carry, or a fee; every amount net. */
export interface InvoiceLine {
  kind: 'goods' | 'deposit' | 'fee';
  description: string;
  /** stock code and barcode of goods; '' otherwise */
  reference: string;
  quantity: string;
  unit: string;
  /** the unit's UN/ECE Rec 20 code for the e-invoice, of goods and deposits; absent on a fee and older invoices */
  unitCode?: string;
  netUnitPrice: string;
  netAmount: string;
  /** the VAT rate charged: '0' when VAT is not charged to the customer */
  ratePercent: string;
}

export interface InvoiceRate {
  ratePercent: string;
  net: string;
  tax: string;
  gross: string;
}

/**
 * Everything an issued invoice shows, as it was when it was issued (stored as JSON in
 * invoices.document). Amounts are decimal strings with two places.
 */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** the invoice a credit note corrects */
  corrects: { number: string; issuedOn: string } | null;
  issuedOn: string;
  /** the delivery (service) date */
  deliveredOn: string;
  dueOn: string;
  paymentDays: number;
  /**
   * the document's language (the buyer's when it was issued): its labels and its money format;
   * the texts it holds (unit and fee names, "Deposit: …") were written in it
   */
  language: string;
  currencySymbol: string;
  /** false for a customer VAT is not charged to: every figure is net, every rate 0 */
  taxCharged: boolean;
  supplier: {
    name: string;
    address: string[];
    vatId: string;
    /** whom to ask (EN 16931 BG-6); absent on invoices issued before it was kept */
    contact?: SupplierContact;
  };
  customer: {
    name: string;
    vatId: string;
    email: string;
    contactPerson: string;
    billingAddress: string[];
    deliveryAddress: string[];
    /** EN 16931 BT-10 (a public customer's Leitweg-ID); absent on invoices issued before it was kept */
    buyerReference?: string;
  };
  order: { id: number; createdAt: string; suborderId: number; warehouse: string; customerNote: string };
  lines: InvoiceLine[];
  /** per rate, lowest first: VAT = round(rate × net) for a document priced under decision 007 */
  rates: InvoiceRate[];
  totals: { net: string; tax: string; gross: string };
  /**
   * where to pay (SEPA credit transfer, EN 16931 BG-16/BG-17; the document's number is the
   * remittance information): absent on a credit note, which asks for no payment, and on invoices
   * issued before it was kept
   */
  payment?: PaymentAccount;
  /** why a credit note was issued, as the supplier gave it; absent on an invoice */
  reason?: string;
}

/**
 * The columns of an `invoices` row that its document decides, taken from the document itself so
 * that the row's number, dates and totals never disagree with what the buyer was sent.
 */
export function documentColumns(document: InvoiceDocument, issuedAt: Date) {
  return {
    number: document.number,
    kind: document.kind,
    issued_on: document.issuedOn,
    due_on: document.dueOn,
    net_total: document.totals.net,
    tax_total: document.totals.tax,
    gross_total: document.totals.gross,
    document: JSON.stringify(document),
    created_at: issuedAt.toISOString(),
  };
}

type AddressRow = Pick<
  Database['company_addresses'],
  'name' | 'line1' | 'line2' | 'suburb' | 'city' | 'postal_code' | 'country'
>;
const addressLines = (address: AddressRow | undefined) =>
  address
    ? [
        address.name,
        address.line1,
        address.line2,
        [address.postal_code, address.city].filter(Boolean).join(' '),
        address.country,
      ].filter((line) => line.trim() !== '')
    : [];

const cents = (value: Decimal) => value.toFixed(2);
const rateText = (value: Decimal) => value.toString();

/**
 * The invoice of one suborder (decision 007: a document is one warehouse's shipment with its fees),
 * built from the order as stored, the customer's master data and the supplier's configuration of
 * this moment. Read in the issuing transaction, so what is stored is one consistent state. It is
 * written in the language of the user who placed the order (English for one the portal does not
 * speak): the unit and fee names in it and the deposit lines' wording, as the buyer reads them.
 */
export async function buildSuborderInvoice(
  trx: Kysely<Database>,
  suborderId: number,
  { issuedOn, configuration }: { issuedOn: string; configuration: InvoiceConfiguration },
): Promise<Omit<InvoiceDocument, 'number'> & { companyId: number }> {
  const suborder = await trx
    .selectFrom('suborders as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      's.id',
      's.total',
      's.estimated_delivery_date',
      'o.id as order_id',
      'o.company_id',
      'o.created_at',
      'o.expected_delivery_date',
      'o.customer_note',
      'o.price_basis',
      'w.name as warehouse_name',
      'c.name as company_name',
      'c.vat_number',
      'c.buyer_reference',
      'c.email',
      'c.currency_symbol',
      'u.first_name',
      'u.last_name',
      'u.language',
    ])
    .where('s.id', '=', suborderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('units as un', 'un.id', 'i.unit_id')
    .select([
      'i.amount',
      'i.deposit_amount',
      'i.tax_amount',
      'i.tax_rate_percent',
      'i.quantity',
      'p.name',
      'p.stock_code',
      'p.barcode',
      'p.tax_rate_percent as product_rate',
      'un.id as unit_id',
      'un.name as unit_name',
      'un.name_plural as unit_plural',
    ])
    .where('i.suborder_id', '=', suborderId)
    .orderBy('i.id')
    .execute();
  const charges = await trx
    .selectFrom('extra_charges')
    .selectAll()
    .where('suborder_id', '=', suborderId)
    .orderBy('id')
    .execute();
  const addresses = await trx
    .selectFrom('company_addresses')
    .selectAll()
    .where('company_id', '=', suborder.company_id)
    .orderBy('position')
    .execute();

  const language = invoiceLanguage(suborder.language);
  const labels = invoiceLabels[language];
  const unitRows = [
    ...new Map(
      items.map((item) => [
        item.unit_id,
        { id: item.unit_id, name: item.unit_name, name_plural: item.unit_plural },
      ]),
    ).values(),
  ];
  const unitNames = new Map(
    (await translateRows(trx, 'unit', unitRows, ['name', 'name_plural'], language)).map((unit) => [
      unit.id,
      unit,
    ]),
  );

  // Before decision 005 (no basis) amounts were net and VAT was added on top of them.
  const basis = suborder.price_basis ?? 'legacy';
  const taxCharged = basis !== 'net';
  const lines: InvoiceLine[] = [];
  const rates = new Map<string, { rate: Decimal; net: Decimal; tax: Decimal }>();
  const addToRate = (rate: Decimal, net: Decimal, tax: Decimal) => {
    const key = rateText(rate);
    const known = rates.get(key) ?? { rate, net: new ExactDecimal(0), tax: new ExactDecimal(0) };
    rates.set(key, { rate, net: known.net.plus(net), tax: known.tax.plus(tax) });
  };

  for (const item of items) {
    const quantity = toDecimal(item.quantity);
    const goods = toDecimal(item.amount);
    const deposit = toDecimal(item.deposit_amount ?? '0');
    const tax = toDecimal(item.tax_amount);
    const storedRate = toDecimal(item.tax_rate_percent ?? item.product_rate);
    const rate = taxCharged ? storedRate : new ExactDecimal(0);
    const nets =
      basis === 'gross'
        ? grossLineNets(goods, deposit, tax, storedRate, quantity)
        : { goods, deposit: deposit };
    const unitName = unitNames.get(item.unit_id);
    const unit = quantity.equals(1)
      ? (unitName?.name ?? item.unit_name)
      : (unitName?.name_plural ?? item.unit_plural);
    lines.push({
      kind: 'goods',
      description: item.name,
      reference: [item.stock_code, item.barcode].filter(Boolean).join(' · '),
      quantity: quantity.toString(),
      unit,
      unitCode: unitCodeOf(item.unit_name),
      netUnitPrice: unitPriceOf(nets.goods, quantity),
      netAmount: cents(nets.goods),
      ratePercent: rateText(rate),
    });
    if (!nets.deposit.isZero())
      lines.push({
        kind: 'deposit',
        description: fillLabel(labels.depositOf, { name: item.name }),
        reference: '',
        quantity: quantity.toString(),
        unit,
        unitCode: unitCodeOf(item.unit_name),
        netUnitPrice: unitPriceOf(nets.deposit, quantity),
        netAmount: cents(nets.deposit),
        ratePercent: rateText(rate),
      });
    addToRate(rate, nets.goods.plus(nets.deposit), taxCharged ? tax : new ExactDecimal(0));
  }
  for (const charge of charges) {
    const amount = toDecimal(charge.amount);
    const tax = toDecimal(charge.tax_amount ?? '0');
    // on the gross basis a fee's amount contains its VAT; before decision 007 fees carried none
    const net = basis === 'gross' ? amount.minus(tax) : amount;
    const rate =
      taxCharged && charge.tax_rate_percent !== null
        ? toDecimal(charge.tax_rate_percent)
        : new ExactDecimal(0);
    lines.push({
      kind: 'fee',
      description: chargeName(charge.code, language, charge.name),
      reference: '',
      quantity: '1',
      unit: '',
      netUnitPrice: cents(net),
      netAmount: cents(net),
      ratePercent: rateText(rate),
    });
    addToRate(rate, net, taxCharged ? tax : new ExactDecimal(0));
  }

  const rateRows = [...rates.values()]
    .sort((a, b) => a.rate.comparedTo(b.rate))
    .map(({ rate, net, tax }) => ({
      ratePercent: rateText(rate),
      net: cents(net),
      tax: cents(tax),
      gross: cents(net.plus(tax)),
    }));
  const sum = (pick: (row: InvoiceRate) => string) =>
    rateRows.reduce((total, row) => total.plus(pick(row)), new ExactDecimal(0));
  const billing = addresses.find((address) => address.kind === 'billing');
  const delivery = addresses.find((address) => address.kind === 'delivery');
  const issued = new Date(`${issuedOn}T12:00:00`);
  return {
    companyId: suborder.company_id,
    kind: 'invoice',
    corrects: null,
    issuedOn,
    deliveredOn: suborder.estimated_delivery_date ?? suborder.expected_delivery_date,
    dueOn: toIsoDate(addDays(issued, configuration.paymentDays)),
    paymentDays: configuration.paymentDays,
    language,
    currencySymbol: suborder.currency_symbol,
    taxCharged,
    supplier: {
      name: configuration.supplierName,
      address: configuration.supplierAddress,
      vatId: configuration.supplierVatId,
      contact: configuration.supplierContact,
    },
    customer: {
      name: suborder.company_name,
      vatId: suborder.vat_number,
      email: suborder.email,
      contactPerson: `${suborder.first_name} ${suborder.last_name}`.trim(),
      billingAddress: billing ? addressLines(billing) : [suborder.company_name],
      deliveryAddress: addressLines(delivery ?? billing),
      buyerReference: suborder.buyer_reference,
    },
    order: {
      id: suborder.order_id,
      createdAt: suborder.created_at,
      suborderId: suborder.id,
      warehouse: suborder.warehouse_name,
      customerNote: suborder.customer_note,
    },
    lines,
    rates: rateRows,
    totals: {
      net: cents(sum((row) => row.net)),
      tax: cents(sum((row) => row.tax)),
      gross: cents(sum((row) => row.gross)),
    },
    payment: configuration.paymentAccount,
  };
}
