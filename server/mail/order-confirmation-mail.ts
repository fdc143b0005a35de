import type { Kysely } from 'kysely';
import { formatDayMonthYear } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import {
  formatDeposit,
  formatMoney,
  type MoneyLocaleFormat,
  moneyFormatFor,
} from '../../src/domain/money-format';
import type { CompanyAddressesTable, Database } from '../db/schema';
import { orderDeliveryAddresses } from '../orders/delivery-address';
import { companyCurrencySymbol } from '../queries/catalogue';
import { companyOrder, type OrderAnswer } from '../queries/orders';
import { translateRows } from '../queries/translations';
import { mailingDetailsOf } from '../queries/users';
import { siteConfiguration } from '../site-configuration';
import { type AccountMail, accountMail, mailLanguage } from './mail-texts';
import { orderMailWords } from './order-confirmation-texts';
import type { OutgoingMail } from './outbox';
import { queueMail } from './outbox';

type Address = Pick<CompanyAddressesTable, 'name' | 'line1' | 'line2' | 'postal_code' | 'city' | 'country'>;

export interface OrderConfirmationInput {
  language: string;
  name: string;
  order: OrderAnswer;
  /** the customer's currency; the deposit is in euro whatever it is (spec point 9) */
  currencySymbol: string;
  /** the address the order stored, else the company's first delivery address, else its billing address */
  address: Address | undefined;
  /** unit names in the mail's language by unit id */
  units: ReadonlyMap<number, { name: string; namePlural: string }>;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** A decimal (a quantity, a rate) with the language's decimal separator and no trailing zeros. */
const plainNumber = (value: string, format: MoneyLocaleFormat) =>
  toDecimal(value).toString().replace('.', format.decimalSeparator);

/**
 * The order confirmation in the buyer's language (English for a language the portal does not
 * speak): the order number, delivery day and address, each shipment's lines and fees, and the
 * totals on the order's basis. Gross: VAT per rate (net, VAT, gross) as the order stores it. Net (a
 * customer VAT is not charged to): the amounts as charged, no VAT anywhere, since none is added.
 * Every amount goes through the app's money format for that language (spec point 9).
 */
export function orderConfirmationMail(input: OrderConfirmationInput): AccountMail {
  const language = mailLanguage(input.language);
  const words = orderMailWords[language];
  const format = moneyFormatFor(language);
  const decimalPlaces = siteConfiguration(0).modules.netb2b.money_decimal_places;
  const money = (amount: string) =>
    formatMoney(amount, { decimalPlaces, currencySymbol: input.currencySymbol, format });
  const deposit = (amount: string) => formatDeposit(amount, { decimalPlaces, format });
  const labelled = (label: string, value: string) => `${label}${words.colon}${value}`;
  const { order } = input;

  const unitLabel = (unitId: number, quantity: string) => {
    const unit = input.units.get(unitId);
    if (!unit) return '';
    return toDecimal(quantity).equals(1) ? unit.name : unit.namePlural;
  };
  const shipments = order.suborders.map((suborder) => [
    fill(words.shipment, { warehouse: suborder.warehouse.name }),
    ...suborder.items.map((item) => {
      const quantity = [plainNumber(item.quantity, format), unitLabel(item.unit, item.quantity)]
        .filter(Boolean)
        .join(' ');
      const withDeposit =
        item.deposit_amount !== undefined && !toDecimal(item.deposit_amount).isZero()
          ? ` (+ ${words.deposit} ${deposit(item.deposit_amount)})`
          : '';
      return `  ${quantity} ${item.product.name}${words.colon}${money(item.amount)}${withDeposit}`;
    }),
    ...suborder.extra_charges.map((charge) => `  ${charge.name}${words.colon}${money(charge.amount)}`),
  ]);

  const address = input.address;
  const addressLines = address
    ? [
        `${words.deliveryAddress}${words.colon.trimEnd()}`,
        ...[
          address.name,
          address.line1,
          address.line2,
          `${address.postal_code} ${address.city}`.trim(),
          address.country,
        ]
          .filter((line) => line.trim() !== '')
          .map((line) => `  ${line}`),
      ]
    : [];

  const gross = order.price_basis !== 'net';
  const totals = [
    gross ? words.basisGross : words.basisNet,
    ...(gross
      ? (order.taxes ?? []).map((rate) =>
          fill(words.rate, {
            rate: plainNumber(rate.rate_percent, format),
            net: money(rate.net),
            tax: money(rate.tax),
            gross: money(rate.gross),
          }),
        )
      : []),
    labelled(words.total, money(order.total)),
  ];

  const number = String(order.id);
  return accountMail(language, input.name, fill(words.subject, { number }), [
    [words.intro],
    [
      labelled(words.orderNumber, number),
      labelled(words.deliveryDay, formatDayMonthYear(order.expected_delivery_date)),
    ],
    ...(addressLines.length ? [addressLines] : []),
    ...shipments,
    totals,
    ...(order.customer_note.trim() ? [[labelled(words.note, order.customer_note.trim())]] : []),
    [words.closing],
  ]);
}

/**
 * Puts the confirmation of a just-stored order into the outbox, in the caller's transaction: the
 * order and its mail are committed together or not at all. Answers the queued mail, which the
 * caller sends once the transaction committed (a sender inside it could send a mail that is then
 * rolled back).
 */
export async function queueOrderConfirmation(
  trx: Kysely<Database>,
  placed: { orderId: number; userId: number; companyId: number },
  now: Date,
): Promise<{ id: number; mail: OutgoingMail }> {
  const user = await mailingDetailsOf(trx, placed.userId);
  const language = mailLanguage(user.language);
  const order = await companyOrder(trx, { now, language }, placed.companyId, placed.orderId);
  if (!order) throw new Error(`order ${placed.orderId} is not in its transaction`);
  const currencySymbol = await companyCurrencySymbol(trx, placed.companyId);
  const address =
    (await orderDeliveryAddresses(trx, [placed.orderId])).get(placed.orderId) ??
    (await companyAddress(trx, placed.companyId));
  const unitRows = await trx.selectFrom('units').select(['id', 'name', 'name_plural']).execute();
  const units = await translateRows(trx, 'unit', unitRows, ['name', 'name_plural'], language);

  const text = orderConfirmationMail({
    language,
    name: `${user.first_name} ${user.last_name}`.trim(),
    order,
    currencySymbol,
    address,
    units: new Map(units.map((unit) => [unit.id, { name: unit.name, namePlural: unit.name_plural }])),
  });
  const mail = { to: user.email, ...text };
  const id = await queueMail(trx, mail, () => now, undefined);
  return { id, mail };
}

/**
 * An order that stored no address of its own (the company has several and the order named none, or
 * none at all) goes where the specification's orders always went: the company's first delivery
 * address, else its billing address.
 */
async function companyAddress(trx: Kysely<Database>, companyId: number): Promise<Address | undefined> {
  const addresses = await trx
    .selectFrom('company_addresses')
    .select(['kind', 'position', 'name', 'line1', 'line2', 'postal_code', 'city', 'country'])
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return addresses.find((row) => row.kind === 'delivery') ?? addresses.find((row) => row.kind === 'billing');
}
