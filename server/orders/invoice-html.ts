import { formatDayMonthYear } from '../../src/domain/dates';
import { formatMoney, moneyFormatFor } from '../../src/domain/money-format';
import type { InvoiceDocument } from '../invoices/invoice-document';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

// Inline styles only: the server's CSP allows them and forbids any script.
const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; color: #1f2933; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
table { width: 100%; border-collapse: collapse; margin-bottom: .5rem; }
th, td { padding: .3rem .4rem; border-bottom: 1px solid #d9e2ec; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; }
.parties { display: flex; gap: 2rem; justify-content: space-between; flex-wrap: wrap; }
.totals { margin-left: auto; width: auto; min-width: 18rem; }
.grand th, .grand td { font-weight: bold; border-top: 2px solid #1f2933; }
.muted { color: #52606d; }
article + article { break-before: page; margin-top: 3rem; }
@media print { body { margin: 0; max-width: none; } }
`;

const dateText = (isoDate: string) => formatDayMonthYear(`${isoDate}T12:00:00`);
const lines = (texts: readonly string[]) => texts.map(escapeHtml).join('<br>');

/** One issued invoice, exactly as its snapshot holds it; nothing is read from today's data. */
function renderDocument(document: InvoiceDocument): string {
  const money = (value: string) =>
    escapeHtml(
      formatMoney(value, {
        decimalPlaces: 2,
        currencySymbol: document.currencySymbol,
        format: moneyFormatFor(document.language),
      }),
    );
  const title = document.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const details: [string, string][] = [
    [`${title} number`, document.number],
    [`${title} date`, dateText(document.issuedOn)],
    ['Delivery date', dateText(document.deliveredOn)],
    ['Order number', String(document.order.id)],
    ['Order date', formatDayMonthYear(document.order.createdAt)],
    ['Shipped from', document.order.warehouse],
    ...(document.corrects
      ? ([['Corrects invoice', `${document.corrects.number} of ${dateText(document.corrects.issuedOn)}`]] as [
          string,
          string,
        ][])
      : []),
  ];
  const rows = document.lines
    .map(
      (line) => `<tr>
<td>${escapeHtml(line.description)}${line.reference ? `<br><span class="muted">${escapeHtml(line.reference)}</span>` : ''}</td>
<td class="num">${escapeHtml(line.quantity)} ${escapeHtml(line.unit)}</td>
<td class="num">${money(line.netUnitPrice)}</td>
<td class="num">${escapeHtml(line.ratePercent)}\u00a0%</td>
<td class="num">${money(line.netAmount)}</td>
</tr>`,
    )
    .join('\n');
  const rateRows = document.rates
    .map(
      (rate) =>
        `<tr><td>${escapeHtml(rate.ratePercent)}\u00a0%</td><td class="num">${money(rate.net)}</td><td class="num">${money(rate.tax)}</td><td class="num">${money(rate.gross)}</td></tr>`,
    )
    .join('\n');
  return `<article>
<header>
<h1>${title} ${escapeHtml(document.number)}</h1>
</header>
<div class="parties">
<div class="supplier">
<h2>Supplier</h2>
<p><strong>${escapeHtml(document.supplier.name)}</strong><br>
${lines(document.supplier.address)}<br>
VAT ID ${escapeHtml(document.supplier.vatId)}</p>
</div>
<div class="billing">
<h2>Billed to</h2>
<p><strong>${escapeHtml(document.customer.name)}</strong><br>
${lines(document.customer.billingAddress)}
${document.customer.vatId ? `<br>VAT ID ${escapeHtml(document.customer.vatId)}` : ''}
<br>Contact person: ${escapeHtml(document.customer.contactPerson)}
${document.customer.email ? `<br>${escapeHtml(document.customer.email)}` : ''}</p>
</div>
<div class="delivery">
<h2>Delivered to</h2>
<p>${lines(document.customer.deliveryAddress)}</p>
</div>
<div>
<h2>Details</h2>
<table>
${details.map(([label, value]) => `<tr><th>${label}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
</div>
</div>
${document.order.customerNote ? `<p><strong>Note:</strong> ${escapeHtml(document.order.customerNote)}</p>` : ''}
<h2>Lines</h2>
<table>
<thead><tr><th>Description</th><th class="num">Quantity</th><th class="num">Net unit price</th><th class="num">VAT rate</th><th class="num">Net amount</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>VAT per rate</h2>
<table class="totals rates">
<thead><tr><th>VAT rate</th><th class="num">Net</th><th class="num">VAT</th><th class="num">Gross</th></tr></thead>
<tbody>
${rateRows}
</tbody>
</table>
<table class="totals">
<tr><th>Total net</th><td class="num">${money(document.totals.net)}</td></tr>
<tr><th>Total VAT</th><td class="num">${money(document.totals.tax)}</td></tr>
<tr class="grand"><th>${document.kind === 'credit_note' ? 'Total credited' : 'Total due'}</th><td class="num">${money(document.totals.gross)}</td></tr>
</table>
${document.taxCharged ? '' : '<p class="muted">VAT is not charged to this customer.</p>'}
<p class="terms">Payment terms: ${document.paymentDays === 0 ? 'due on receipt' : `${document.paymentDays} days net`}, due by ${dateText(document.dueOn)}.</p>
</article>`;
}

/**
 * A printable page of an order's issued invoices (one per delivered suborder), each rendered from
 * its snapshot, so the page shows what was issued whatever changed since. Money is formatted with
 * the app's formatter in the document's language. Every text is escaped.
 */
export function renderInvoiceHtml(documents: readonly InvoiceDocument[]): string {
  const [first] = documents;
  const title = documents.length === 1 && first ? `Invoice ${first.number}` : 'Invoices';
  return `<!doctype html>
<html lang="${escapeHtml(first?.language ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}${first ? ` — ${escapeHtml(first.supplier.name)}` : ''}</title>
<style>${STYLE}</style>
</head>
<body>
${documents.map(renderDocument).join('\n')}
</body>
</html>`;
}
