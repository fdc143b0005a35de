import { paragraph, renderPdf, table } from '../../server/seed/pdf';
import type { Decimal } from '../../src/domain/decimal';
import { toDecimal } from '../../src/domain/decimal';
import type { EventLine, EventOrder, EventSuborder } from './order-event';

/** One invoiced line: what arrived of it, and its amount for what arrived. */
export interface InvoiceLine {
  name: string;
  quantity: string;
  unit: string;
  ratePercent: string;
  amount: string;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  net_total: string;
  tax_total: string;
  gross_total: string;
}

const cents = (value: Decimal) => value.toDecimalPlaces(2);

/**
 * What the ERP bills for a delivered suborder: each line for the quantity that arrived (a short
 * line for less), on the order's price basis, VAT per rate on the rate's sum. Exact decimals:
 * gross = net + tax to the cent.
 */
export function invoiceFigures(
  order: Pick<EventOrder, 'price_basis'>,
  suborder: Pick<EventSuborder, 'lines'>,
  delivered: ReadonlyMap<number, string>,
): InvoiceFigures {
  const byRate = new Map<string, Decimal>();
  const lines = suborder.lines.map((line: EventLine) => {
    const ordered = toDecimal(line.quantity);
    const arrived = toDecimal(delivered.get(line.line_id) ?? line.quantity);
    const amount = ordered.isZero()
      ? toDecimal('0')
      : cents(toDecimal(line.amount).times(arrived).dividedBy(ordered));
    const rate = toDecimal(line.tax_rate_percent ?? '0').toFixed();
    byRate.set(rate, (byRate.get(rate) ?? toDecimal('0')).plus(amount));
    return {
      name: line.product.name,
      quantity: arrived.toFixed(),
      unit: line.unit.name,
      ratePercent: rate,
      amount: amount.toFixed(2),
    };
  });
  let net = toDecimal('0');
  let tax = toDecimal('0');
  for (const [rate, sum] of byRate) {
    const factor = toDecimal(rate).dividedBy(100);
    if (order.price_basis !== 'gross') {
      const rateTax = cents(sum.times(factor));
      net = net.plus(sum);
      tax = tax.plus(rateTax);
    } else {
      const rateNet = cents(sum.dividedBy(factor.plus(1)));
      net = net.plus(rateNet);
      tax = tax.plus(sum.minus(rateNet));
    }
  }
  return {
    lines,
    net_total: net.toFixed(2),
    tax_total: tax.toFixed(2),
    gross_total: net.plus(tax).toFixed(2),
  };
}

/** The invoice as the ERP prints it: a small PDF with the lines and the totals. */
export function invoicePdf(invoice: {
  number: string;
  issuedOn: string;
  dueOn: string;
  companyName: string;
  orderId: number;
  reference: string;
  deliveryNote: string;
  figures: InvoiceFigures;
}): Promise<Buffer> {
  const { figures } = invoice;
  return renderPdf(
    {
      title: `Invoice ${invoice.number}`,
      subject: `${invoice.companyName} · order ${invoice.orderId} · ${invoice.reference}`,
      createdAt: new Date(`${invoice.issuedOn}T12:00:00Z`),
    },
    (doc) => {
      paragraph(
        doc,
        `Issued ${invoice.issuedOn}, due ${invoice.dueOn}. Delivery note ${invoice.deliveryNote}. Amounts in EUR.`,
      );
      table(
        doc,
        [
          { header: 'Product', width: 230 },
          { header: 'Quantity', width: 90, align: 'right' },
          { header: 'VAT %', width: 60, align: 'right' },
          { header: 'Amount', width: 100, align: 'right' },
        ],
        [
          ...figures.lines.map((line) => [
            line.name,
            `${line.quantity} ${line.unit}`,
            line.ratePercent,
            line.amount,
          ]),
          ['Net', '', '', figures.net_total],
          ['VAT', '', '', figures.tax_total],
          ['Total', '', '', figures.gross_total],
        ],
      );
    },
  );
}
