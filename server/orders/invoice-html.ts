import { formatDayMonthYear } from '../../src/domain/dates';
import { type DecimalInput, ExactDecimal } from '../../src/domain/decimal';
import type { OrderAnswer } from '../queries/orders';

export interface InvoiceParty {
  name: string;
  vatNumber: string;
  email: string;
  phone: string;
  contactPerson: string;
  currencySymbol: string;
}

export interface InvoiceInput {
  supplierName: string;
  customer: InvoiceParty;
  order: OrderAnswer;
  unitNames: Map<number, { name: string; namePlural: string }>;
  taxApplies: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const sumOf = (values: readonly string[]) =>
  values.reduce((total, value) => total.plus(value), new ExactDecimal(0));

// Inline styles only: the server's CSP allows them and forbids any script.
const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; color: #1f2933; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
table { width: 100%; border-collapse: collapse; margin-bottom: .5rem; }
th, td { padding: .3rem .4rem; border-bottom: 1px solid #d9e2ec; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; }
.parties { display: flex; gap: 2rem; justify-content: space-between; flex-wrap: wrap; }
.totals { margin-left: auto; width: auto; min-width: 18rem; }
.totals th { font-weight: normal; } .grand th, .grand td { font-weight: bold; border-top: 2px solid #1f2933; }
.muted { color: #52606d; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
`;

/** The basis line an invoice names once (decision 005); older orders were net amounts plus tax. */
const BASIS_NOTES = {
  gross: 'Prices incl. VAT',
  net: 'Net prices',
  legacy: 'Net amounts; tax is added',
} as const;

/**
 * A printable invoice page for one order: the customer, every suborder's lines (amount, deposit and
 * VAT on the order's price basis), the extra charges and totals; the basis is named once. Every
 * figure is a sum of the lines' figures, so the page adds up. Orders placed before decision 005
 * (no `price_basis`) show their net amounts with tax added, and a suborder's deposit as what its
 * total holds beyond amounts, taxes and charges. Every text from the database is escaped.
 */
export function renderInvoiceHtml({
  supplierName,
  customer,
  order,
  unitNames,
  taxApplies,
}: InvoiceInput): string {
  const money = (value: DecimalInput) =>
    `${escapeHtml(customer.currencySymbol)}\u00a0${new ExactDecimal(value).toFixed(2)}`;
  const unitLabel = (unitId: number, quantity: string) => {
    const unit = unitNames.get(unitId);
    if (!unit) return '';
    return escapeHtml(new ExactDecimal(quantity).equals(1) ? unit.name : unit.namePlural);
  };
  const basis = order.price_basis ?? 'legacy';
  // On the gross basis VAT is contained in the amounts; before decision 005 it was added to them.
  const taxLabel = basis === 'gross' ? 'VAT included' : 'Tax';
  const taxAdded = basis === 'legacy';

  let goods = new ExactDecimal(0);
  let taxes = new ExactDecimal(0);
  let deposits = new ExactDecimal(0);
  let charges = new ExactDecimal(0);

  const suborderSections = order.suborders.map((suborder) => {
    const amount = sumOf(suborder.items.map((item) => item.amount));
    // the VAT the suborder contains, its fees' included (decision 007: fees are taxed lines)
    const tax = sumOf([
      ...suborder.items.map((item) => item.tax_amount),
      ...suborder.extra_charges.map((charge) => charge.tax_amount ?? '0'),
    ]);
    const charged = sumOf(suborder.extra_charges.map((charge) => charge.amount));
    const deposit = taxAdded
      ? new ExactDecimal(suborder.total).minus(amount).minus(tax).minus(charged)
      : sumOf(suborder.items.map((item) => item.deposit_amount ?? '0'));
    goods = goods.plus(amount);
    taxes = taxes.plus(tax);
    deposits = deposits.plus(deposit);
    charges = charges.plus(charged);
    const rows = suborder.items
      .map(
        (item) => `<tr>
<td>${escapeHtml(item.product.name)}<br><span class="muted">${escapeHtml(item.product.stock_code)} · ${escapeHtml(item.product.barcode)}</span></td>
<td class="num">${escapeHtml(item.quantity)} ${unitLabel(item.unit, item.quantity)}</td>
<td class="num">${escapeHtml(new ExactDecimal(item.product.tax_rate_percent).toFixed())}\u00a0%</td>
<td class="num">${money(item.amount)}</td>
${taxAdded ? '' : `<td class="num">${money(item.deposit_amount ?? '0')}</td>\n`}<td class="num">${money(item.tax_amount)}</td>
</tr>`,
      )
      .join('\n');
    const chargeRows = suborder.extra_charges
      .map(
        (charge) =>
          `<tr><th>${escapeHtml(charge.name)}</th><td class="num">${money(charge.amount)}</td></tr>`,
      )
      .join('\n');
    const taxRow = `<tr><th>${taxLabel}</th><td class="num">${money(tax)}</td></tr>`;
    return `<section>
<h2>${escapeHtml(suborder.warehouse.name)} <span class="muted">— suborder ${suborder.id}, operator ${escapeHtml(suborder.operator.name)} (${escapeHtml(suborder.operator.phone)})</span></h2>
<table>
<thead><tr><th>Product</th><th class="num">Quantity</th><th class="num">Tax rate</th><th class="num">${taxAdded ? 'Net amount' : 'Amount'}</th>${taxAdded ? '' : '<th class="num">Deposit</th>'}<th class="num">${taxLabel}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<table class="totals">
<tr><th>${taxAdded ? 'Net amount' : 'Goods'}</th><td class="num">${money(amount)}</td></tr>
<tr><th>Deposit</th><td class="num">${money(deposit)}</td></tr>
${taxAdded ? taxRow : ''}
${chargeRows}
<tr class="grand"><th>Suborder total</th><td class="num">${money(suborder.total)}</td></tr>
${basis === 'gross' ? taxRow : ''}
</table>
</section>`;
  });

  const details = [
    ['Order number', String(order.id)],
    ['Order date', formatDayMonthYear(order.created_at)],
    ['Delivery date', order.expected_delivery_date ? formatDayMonthYear(order.expected_delivery_date) : ''],
    ['Pre-order', order.is_preorder ? 'yes' : 'no'],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice for order ${order.id} — ${escapeHtml(supplierName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Invoice for order ${order.id}</h1>
<p class="muted">${escapeHtml(supplierName)}</p>
<p class="basis"><strong>${BASIS_NOTES[basis]}</strong></p>
</header>
<div class="parties">
<div>
<h2>Customer</h2>
<p><strong>${escapeHtml(customer.name)}</strong><br>
${customer.vatNumber ? `VAT number ${escapeHtml(customer.vatNumber)}<br>` : ''}
Contact person: ${escapeHtml(customer.contactPerson)}<br>
${escapeHtml(customer.email)}${customer.phone ? `<br>${escapeHtml(customer.phone)}` : ''}</p>
</div>
<div>
<h2>Order</h2>
<table>
${details.map(([label, value]) => `<tr><th>${label}</th><td>${escapeHtml(value ?? '')}</td></tr>`).join('\n')}
</table>
</div>
</div>
${order.customer_note ? `<p><strong>Note:</strong> ${escapeHtml(order.customer_note)}</p>` : ''}
${suborderSections.join('\n')}
<h2>Totals</h2>
<table class="totals">
<tr><th>${taxAdded ? 'Net amount' : 'Goods'}</th><td class="num">${money(goods)}</td></tr>
<tr><th>Deposit total</th><td class="num">${money(deposits)}</td></tr>
${taxAdded ? `<tr><th>Taxes</th><td class="num">${money(taxes)}</td></tr>` : ''}
<tr><th>Extra charges</th><td class="num">${money(charges)}</td></tr>
<tr class="grand"><th>Total</th><td class="num">${money(order.total)}</td></tr>
${basis === 'gross' ? `<tr><th>Taxes (VAT included)</th><td class="num">${money(taxes)}</td></tr>` : ''}
</table>
${taxApplies ? '' : '<p class="muted">Tax is not charged to this customer.</p>'}
</body>
</html>`;
}
