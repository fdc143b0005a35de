import { paragraph, renderPdf, table } from '../../server/seed/pdf';
import type { Decimal } from '../../src/domain/decimal';
import { toDecimal } from '../../src/domain/decimal';
import type { EventCharge, EventLine, EventOrder, EventSuborder } from './order-event';

/** One invoiced line: goods for what arrived of them, their deposit, or one of the suborder's charges. */
export interface InvoiceLine {
  kind: 'goods' | 'deposit' | 'charge';
  name: string;
  /** what arrived, in the line's unit; '' on a charge */
  quantity: string;
  unit: string;
  /** the VAT rate charged: "0" where no VAT is charged */
  ratePercent: string;
  /** on the order's price basis, two places */
  amount: string;
}

/** What the invoice holds at one VAT rate. */
interface InvoiceRate {
  ratePercent: string;
  net: string;
  tax: string;
  gross: string;
}

export interface InvoiceFigures {
  /** the order's: what the amounts of the lines are */
  priceBasis: EventOrder['price_basis'];
  lines: InvoiceLine[];
  /** lowest rate first */
  rates: InvoiceRate[];
  net_total: string;
  tax_total: string;
  gross_total: string;
}

const ZERO = toDecimal('0');
/** to the cent, half to even like every rounding of the portal's */
const cents = (value: Decimal) => value.toDecimalPlaces(2);
const rateOf = (text: string | null | undefined) => toDecimal(text ?? '0').toFixed();

/**
 * What the ERP bills for a delivered suborder: each line's goods and deposit for the quantity that
 * arrived (a short line for that share of them, to the cent), and the suborder's extra charges in
 * full, on the order's price basis; VAT per rate on the rate's sum. On the gross basis the amounts
 * contain their VAT, which is taken out; on the net basis the customer is charged no VAT (a company
 * VAT does not apply to, as the portal prices it), so the amounts are the invoice; an order from
 * before the basis was stored has net amounts with VAT added on top. So a suborder delivered in
 * full is billed exactly the total the buyer was charged for it (gross and net basis alike).
 */
export function invoiceFigures(
  order: Pick<EventOrder, 'price_basis'>,
  suborder: Pick<EventSuborder, 'lines'> & { extra_charges?: readonly EventCharge[] },
  delivered: ReadonlyMap<number, string>,
): InvoiceFigures {
  const taxCharged = order.price_basis !== 'net';
  const charged = (rate: string | null | undefined) => (taxCharged ? rateOf(rate) : '0');
  const lines: InvoiceLine[] = [];
  for (const line of suborder.lines as readonly EventLine[]) {
    const ordered = toDecimal(line.quantity);
    const arrived = toDecimal(delivered.get(line.line_id) ?? line.quantity);
    const shareOf = (amount: string) =>
      ordered.isZero() ? ZERO : cents(toDecimal(amount).times(arrived).dividedBy(ordered));
    const rate = charged(line.tax_rate_percent);
    const quantity = arrived.toFixed();
    lines.push({
      kind: 'goods',
      name: line.product.name,
      quantity,
      unit: line.unit.name,
      ratePercent: rate,
      amount: shareOf(line.amount).toFixed(2),
    });
    const deposit = shareOf(line.deposit_amount ?? '0');
    if (!deposit.isZero())
      lines.push({
        kind: 'deposit',
        name: `Deposit: ${line.product.name}`,
        quantity,
        unit: line.unit.name,
        ratePercent: rate,
        amount: deposit.toFixed(2),
      });
  }
  for (const charge of suborder.extra_charges ?? [])
    lines.push({
      kind: 'charge',
      name: charge.name,
      quantity: '',
      unit: '',
      ratePercent: charged(charge.tax_rate_percent),
      amount: toDecimal(charge.amount).toFixed(2),
    });

  const byRate = new Map<string, Decimal>();
  for (const line of lines)
    byRate.set(line.ratePercent, (byRate.get(line.ratePercent) ?? ZERO).plus(line.amount));
  const rates = [...byRate]
    .sort(([a], [b]) => toDecimal(a).comparedTo(toDecimal(b)))
    .map(([ratePercent, sum]): InvoiceRate => {
      const factor = toDecimal(ratePercent).dividedBy(100);
      const net = order.price_basis === 'gross' ? cents(sum.dividedBy(factor.plus(1))) : sum;
      const tax = order.price_basis === 'gross' ? sum.minus(net) : cents(sum.times(factor));
      return {
        ratePercent,
        net: net.toFixed(2),
        tax: tax.toFixed(2),
        gross: net.plus(tax).toFixed(2),
      };
    });
  const total = (pick: (rate: InvoiceRate) => string) =>
    rates.reduce((sum, rate) => sum.plus(pick(rate)), ZERO).toFixed(2);
  return {
    priceBasis: order.price_basis,
    lines,
    rates,
    net_total: total((rate) => rate.net),
    tax_total: total((rate) => rate.tax),
    gross_total: total((rate) => rate.gross),
  };
}

/** The invoice as the ERP prints it: a small PDF with the goods, deposits and charges, VAT per rate and the totals. */
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
  const amounts = {
    gross: 'Amounts in EUR, VAT included.',
    net: 'Amounts in EUR; VAT is not charged.',
    none: 'Amounts in EUR before VAT.',
  }[figures.priceBasis ?? 'none'];
  return renderPdf(
    {
      title: `Invoice ${invoice.number}`,
      subject: `${invoice.companyName} · order ${invoice.orderId} · ${invoice.reference}`,
      createdAt: new Date(`${invoice.issuedOn}T12:00:00Z`),
    },
    (doc) => {
      paragraph(
        doc,
        `Issued ${invoice.issuedOn}, due ${invoice.dueOn}. Delivery note ${invoice.deliveryNote}. ${amounts}`,
      );
      table(
        doc,
        [
          { header: 'Item', width: 230 },
          { header: 'Quantity', width: 90, align: 'right' },
          { header: 'VAT %', width: 60, align: 'right' },
          { header: 'Amount', width: 100, align: 'right' },
        ],
        [
          ...figures.lines.map((line) => [
            line.name,
            line.quantity === '' ? '' : `${line.quantity} ${line.unit}`,
            line.ratePercent,
            line.amount,
          ]),
          ['Net', '', '', figures.net_total],
          ...figures.rates.map((rate) => [`VAT ${rate.ratePercent} % of ${rate.net}`, '', '', rate.tax]),
          ['Total', '', '', figures.gross_total],
        ],
      );
    },
  );
}
