import PDFDocument from 'pdfkit';
import { formatDayMonthYear } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { formatMoney, type MoneyLocaleFormat, moneyFormatFor } from '../../src/domain/money-format';
import { SITE_NAME } from '../site-configuration';
import { printedIban } from './iban';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';
import { invoiceFonts } from './invoice-fonts';
import { fillLabel, type InvoiceLabels, invoiceLabels, invoiceLanguage } from './invoice-labels';
import { type Align, isolate, PdfTextSetter } from './invoice-pdf-text';

type Pdf = InstanceType<typeof PDFDocument>;

const A4 = { width: 595.28, height: 841.89 };
const LEFT = 50;
const CONTENT_WIDTH = A4.width - 2 * LEFT;
const TOP = 48;
/** Rows stop here; below it the footer (supplier, page x / y). */
const BOTTOM = A4.height - 64;
const FOOTER_Y = A4.height - 44;

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#9aa5b1';
const SHADE = '#eef2f6';

interface Style {
  bold?: boolean;
  size: number;
  color?: string;
  /**
   * Data (a name, an address line, a description) rather than a label: each of its lines keeps
   * its own direction, so "Lindenhof Gastro GmbH, Buchhaltung" keeps its comma in an Arabic
   * document and an Arabic name reads right to left in an English one.
   */
  data?: boolean;
}
const BODY: Style = { size: 8.5 };
const HEADING: Style = { bold: true, size: 8.5 };
const SMALL: Style = { size: 7.5, color: MUTED };
const DATA: Style = { ...BODY, data: true };
const DATA_HEADING: Style = { ...HEADING, data: true };
const SMALL_DATA: Style = { ...SMALL, data: true };

/** The table of lines: offsets from the start edge (left, right in Arabic) and how each aligns. */
const COLUMNS = [
  { key: 'description', offset: 0, width: 180, align: 'start' },
  { key: 'quantity', offset: 182, width: 74, align: 'end' },
  { key: 'unitPrice', offset: 258, width: 86, align: 'end' },
  { key: 'rate', offset: 346, width: 60, align: 'end' },
  { key: 'net', offset: 408, width: CONTENT_WIDTH - 408, align: 'end' },
] as const;
const CELL_PADDING = 3;
const TITLE_SIZE = 20;

const dateOf = (isoDate: string) => formatDayMonthYear(`${isoDate}T12:00:00`);

/** A decimal (a quantity, a rate) with the language's decimal separator and no trailing zeros. */
const plainNumber = (value: string, format: MoneyLocaleFormat) =>
  toDecimal(value).toString().replace('.', format.decimalSeparator);

const decimalPlacesOf = (value: string) => Math.max(2, value.split('.')[1]?.length ?? 0);

/**
 * Lays out one invoice on A4 pages: positions are offsets from the start edge, mirrored for a
 * right-to-left language, and every text goes through the bidi-aware setter.
 */
class InvoiceLayout {
  readonly text: PdfTextSetter;
  y = TOP;

  constructor(
    readonly doc: Pdf,
    readonly labels: InvoiceLabels,
  ) {
    this.text = new PdfTextSetter(doc, labels.direction);
  }

  private get rtl() {
    return this.labels.direction === 'rtl';
  }

  /** The page x of a box `offset` from the start edge. */
  x(offset: number, width: number) {
    return this.rtl ? LEFT + CONTENT_WIDTH - offset - width : LEFT + offset;
  }

  style({ bold = false, size, color = INK }: Style) {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
  }

  lineHeight(style: Style) {
    return style.size * 1.3;
  }

  /** A wrapped paragraph in a box; its height, and nothing drawn when `draw` is false. */
  paragraph(
    text: string,
    offset: number,
    width: number,
    top: number,
    style: Style,
    align: Align = 'start',
    draw = true,
  ) {
    if (text === '') return 0;
    this.style(style);
    const wrapped = this.text.wrap(text, width);
    const lines = style.data ? wrapped.map(isolate) : wrapped;
    if (draw)
      lines.forEach((line, index) => {
        this.text.line(line, this.x(offset, width), top + index * this.lineHeight(style), width, align);
      });
    return lines.length * this.lineHeight(style);
  }

  /** Paragraphs one under the other in a box; their height. */
  stack(
    parts: readonly { text: string; style: Style }[],
    offset: number,
    width: number,
    top: number,
    align: Align = 'start',
    draw = true,
  ) {
    let height = 0;
    for (const part of parts)
      height += this.paragraph(part.text, offset, width, top + height, part.style, align, draw);
    return height;
  }

  rule(top: number, offset = 0, width = CONTENT_WIDTH, color = RULE, thickness = 0.5) {
    const x = this.x(offset, width);
    this.doc
      .save()
      .moveTo(x, top)
      .lineTo(x + width, top)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  shade(top: number, height: number) {
    this.doc.save().rect(LEFT, top, CONTENT_WIDTH, height).fillColor(SHADE).fill().restore();
  }
}

interface Rendering {
  layout: InvoiceLayout;
  document: InvoiceDocument;
  labels: InvoiceLabels;
  money: (value: string) => string;
  format: MoneyLocaleFormat;
  title: string;
}

function drawLetterhead({ layout, document, labels, title }: Rendering) {
  const { supplier } = document;
  const supplierHeight = layout.stack(
    [
      { text: supplier.name, style: { bold: true, size: 13, data: true } },
      { text: supplier.address.join(' · '), style: SMALL_DATA },
      { text: `${labels.vatId} ${isolate(supplier.vatId)}`, style: SMALL },
      ...(supplier.contact
        ? [
            { text: fillLabel(labels.contactPerson, { name: isolate(supplier.contact.name) }), style: SMALL },
            {
              text: `${labels.phone} ${isolate(supplier.contact.phone)} · ${isolate(supplier.contact.email)}`,
              style: SMALL,
            },
          ]
        : []),
    ],
    0,
    300,
    layout.y,
  );
  // a long title ("Rechnungskorrektur") is set smaller rather than broken inside the word
  const titleWidth = CONTENT_WIDTH - 310;
  layout.style({ bold: true, size: TITLE_SIZE });
  const fullWidth = layout.doc.widthOfString(title);
  const titleSize = fullWidth > titleWidth ? Math.floor((TITLE_SIZE * titleWidth) / fullWidth) : TITLE_SIZE;
  const titleHeight = layout.paragraph(
    title,
    310,
    titleWidth,
    layout.y,
    { bold: true, size: titleSize },
    'end',
  );
  layout.y += Math.max(supplierHeight, titleHeight) + 10;
  layout.rule(layout.y, 0, CONTENT_WIDTH, INK, 0.8);
  layout.y += 12;
}

function drawParties({ layout, document, labels }: Rendering) {
  const { customer, order } = document;
  const isCredit = document.kind === 'credit_note';
  const billing = [
    { text: labels.billingAddress, style: { ...HEADING, color: MUTED } },
    { text: customer.name, style: DATA_HEADING },
    ...customer.billingAddress
      .filter((line) => line !== customer.name)
      .map((line) => ({ text: line, style: DATA })),
    ...(customer.vatId ? [{ text: `${labels.vatId} ${isolate(customer.vatId)}`, style: BODY }] : []),
    ...(customer.contactPerson
      ? [{ text: fillLabel(labels.contactPerson, { name: isolate(customer.contactPerson) }), style: BODY }]
      : []),
    ...(customer.email ? [{ text: customer.email, style: DATA }] : []),
  ];
  const delivery = [
    { text: labels.deliveryAddress, style: { ...HEADING, color: MUTED } },
    ...customer.deliveryAddress.map((line, index) => ({
      text: line,
      style: index === 0 ? DATA_HEADING : DATA,
    })),
  ];
  const details: [string, string][] = [
    [isCredit ? labels.creditNoteNumber : labels.invoiceNumber, document.number],
    [isCredit ? labels.creditNoteDate : labels.invoiceDate, dateOf(document.issuedOn)],
    [labels.deliveryDate, dateOf(document.deliveredOn)],
    [labels.orderNumber, String(order.id)],
    [labels.orderDate, formatDayMonthYear(order.createdAt)],
    [labels.shippedFrom, order.warehouse],
  ];
  const top = layout.y;
  const billingHeight = layout.stack(billing, 0, 160, top);
  const deliveryHeight = layout.stack(delivery, 170, 140, top);
  let detailsHeight = 0;
  for (const [label, value] of details) {
    const labelHeight = layout.paragraph(label, 320, 92, top + detailsHeight, { ...BODY, color: MUTED });
    const valueHeight = layout.paragraph(
      isolate(value),
      414,
      CONTENT_WIDTH - 414,
      top + detailsHeight,
      HEADING,
      'end',
    );
    detailsHeight += Math.max(labelHeight, valueHeight) + 1;
  }
  layout.y = top + Math.max(billingHeight, deliveryHeight, detailsHeight) + 12;
  if (document.corrects) {
    const corrects = fillLabel(labels.corrects, {
      number: isolate(document.corrects.number),
      date: isolate(dateOf(document.corrects.issuedOn)),
    });
    layout.y += layout.paragraph(corrects, 0, CONTENT_WIDTH, layout.y, { bold: true, size: 9.5 }) + 6;
  }
  if (order.customerNote) {
    layout.y +=
      layout.stack(
        [
          { text: labels.customerNote, style: { ...HEADING, color: MUTED } },
          { text: order.customerNote, style: DATA },
        ],
        0,
        CONTENT_WIDTH,
        layout.y,
      ) + 8;
  }
}

const headerTexts = (labels: InvoiceLabels) => ({
  description: labels.description,
  quantity: labels.quantity,
  unitPrice: labels.unitPriceNet,
  rate: labels.vatRate,
  net: labels.netAmount,
});

function drawTableHeader({ layout, labels }: Rendering) {
  const texts = headerTexts(labels);
  const inner = (width: number) => width - 2 * CELL_PADDING;
  const height =
    Math.max(
      ...COLUMNS.map((column) =>
        layout.paragraph(
          texts[column.key],
          column.offset + CELL_PADDING,
          inner(column.width),
          0,
          HEADING,
          column.align,
          false,
        ),
      ),
    ) + 8;
  layout.shade(layout.y, height);
  for (const column of COLUMNS)
    layout.paragraph(
      texts[column.key],
      column.offset + CELL_PADDING,
      inner(column.width),
      layout.y + 4,
      HEADING,
      column.align,
    );
  layout.y += height;
  layout.rule(layout.y);
}

function lineCells({ labels, money, format }: Rendering, line: InvoiceLine) {
  const quantity = plainNumber(line.quantity, format);
  return {
    description: [
      { text: line.description, style: DATA },
      ...(line.reference ? [{ text: line.reference, style: SMALL_DATA }] : []),
    ],
    quantity: [{ text: isolate(line.unit ? `${quantity} ${line.unit}` : quantity), style: BODY }],
    unitPrice: [{ text: isolate(money(line.netUnitPrice)), style: BODY }],
    rate: [
      {
        text: isolate(fillLabel(labels.percent, { rate: plainNumber(line.ratePercent, format) })),
        style: BODY,
      },
    ],
    net: [{ text: isolate(money(line.netAmount)), style: BODY }],
  };
}

/** One row of the table; its height, drawn only when `draw`. */
function tableRow(rendering: Rendering, line: InvoiceLine, top: number, draw: boolean) {
  const { layout } = rendering;
  const cells = lineCells(rendering, line);
  let height = 0;
  for (const column of COLUMNS)
    height = Math.max(
      height,
      layout.stack(
        cells[column.key],
        column.offset + CELL_PADDING,
        column.width - 2 * CELL_PADDING,
        top + 4,
        column.align,
        draw,
      ),
    );
  return height + 8;
}

/** The VAT per rate, the totals, the note on VAT and the payment terms; its height. */
function summary(rendering: Rendering, top: number, draw: boolean) {
  const { layout, document, labels, money, format } = rendering;
  let y = top + 10;
  const tableOffset = CONTENT_WIDTH - 320;
  y += layout.paragraph(labels.vatSummary, tableOffset, 320, y, HEADING, 'start', draw) + 3;
  const columns = [
    { offset: tableOffset, width: 62 },
    { offset: tableOffset + 62, width: 86 },
    { offset: tableOffset + 148, width: 86 },
    { offset: tableOffset + 234, width: 86 },
  ];
  const row = (texts: string[], style: Style, aligns: Align[] = ['start', 'end', 'end', 'end']) => {
    let height = 0;
    texts.forEach((text, index) => {
      const column = columns[index];
      if (!column) return;
      height = Math.max(
        height,
        layout.paragraph(
          text,
          column.offset + CELL_PADDING,
          column.width - 2 * CELL_PADDING,
          y,
          style,
          aligns[index],
          draw,
        ),
      );
    });
    y += height + 3;
  };
  row([labels.vatRate, labels.net, labels.vat, labels.gross], { ...HEADING, color: MUTED });
  if (draw) layout.rule(y - 1, tableOffset, 320);
  y += 2;
  for (const rate of document.rates)
    row(
      [
        isolate(fillLabel(labels.percent, { rate: plainNumber(rate.ratePercent, format) })),
        isolate(money(rate.net)),
        isolate(money(rate.tax)),
        isolate(money(rate.gross)),
      ],
      BODY,
    );
  y += 8;
  const total = (label: string, value: string, style: Style) => {
    const height = Math.max(
      layout.paragraph(label, tableOffset + CELL_PADDING, 200, y, style, 'start', draw),
      layout.paragraph(isolate(money(value)), tableOffset + 200, 120 - CELL_PADDING, y, style, 'end', draw),
    );
    y += height + 3;
  };
  total(labels.totalNet, document.totals.net, BODY);
  total(labels.totalVat, document.totals.tax, BODY);
  if (draw) layout.rule(y, tableOffset, 320, INK, 0.8);
  y += 4;
  total(document.kind === 'credit_note' ? labels.amountCredited : labels.amountDue, document.totals.gross, {
    bold: true,
    size: 10.5,
  });
  y += 10;
  if (!document.taxCharged)
    y += layout.paragraph(labels.vatNotCharged, 0, CONTENT_WIDTH, y, BODY, 'start', draw) + 4;
  if (document.kind === 'invoice') {
    const terms = fillLabel(document.paymentDays === 0 ? labels.paymentOnReceipt : labels.paymentTerms, {
      days: isolate(String(document.paymentDays)),
      date: isolate(dateOf(document.dueOn)),
    });
    y += layout.paragraph(terms, 0, CONTENT_WIDTH, y, BODY, 'start', draw);
    if (document.payment) {
      y += 8;
      y += bankDetails(rendering, document.payment, y, draw);
    }
  }
  if (document.kind === 'credit_note' && document.reason?.trim())
    y += layout.stack(
      [
        { text: labels.creditNoteReason, style: { ...HEADING, color: MUTED } },
        { text: document.reason.trim(), style: DATA },
      ],
      0,
      CONTENT_WIDTH,
      y,
      'start',
      draw,
    );
  return y - top;
}

/**
 * The account an invoice is paid into, under its payment terms: holder, IBAN (in groups of four, as
 * banking apps show it), BIC and the reference to quote, the invoice's number, so that the payment
 * finds its invoice. Its height.
 */
function bankDetails(
  { layout, document, labels }: Rendering,
  payment: NonNullable<InvoiceDocument['payment']>,
  top: number,
  draw: boolean,
) {
  let y = top;
  y +=
    layout.paragraph(
      labels.paymentDetails,
      0,
      CONTENT_WIDTH,
      y,
      { ...HEADING, color: MUTED },
      'start',
      draw,
    ) + 1;
  const rows: [string, string, Style][] = [
    [labels.accountHolder, payment.accountName, DATA],
    ['IBAN', printedIban(payment.iban), BODY],
    ['BIC', payment.bic, BODY],
    [labels.paymentReference, document.number, HEADING],
  ];
  for (const [label, value, style] of rows) {
    const height = Math.max(
      layout.paragraph(label, 0, 138, y, { ...BODY, color: MUTED }, 'start', draw),
      layout.paragraph(style.data ? value : isolate(value), 140, 260, y, style, 'start', draw),
    );
    y += height + 1;
  }
  return y - top;
}

/** On every page after the first: which document this is, then the table's header again. */
function startContinuationPage(rendering: Rendering) {
  const { layout, document, title } = rendering;
  layout.doc.addPage();
  layout.y = TOP;
  const height = Math.max(
    layout.paragraph(`${title} ${isolate(document.number)}`, 0, 300, layout.y, { bold: true, size: 10 }),
    layout.paragraph(
      document.customer.name,
      310,
      CONTENT_WIDTH - 310,
      layout.y,
      { ...DATA, color: MUTED },
      'end',
    ),
  );
  layout.y += height + 10;
}

function drawFooters({ layout, document, labels }: Rendering) {
  const { start, count } = layout.doc.bufferedPageRange();
  for (let index = 0; index < count; index += 1) {
    layout.doc.switchToPage(start + index);
    layout.rule(FOOTER_Y - 6);
    layout.paragraph(
      `${isolate(document.supplier.name)} · ${labels.vatId} ${isolate(document.supplier.vatId)}`,
      0,
      360,
      FOOTER_Y,
      SMALL,
    );
    layout.paragraph(
      fillLabel(labels.page, { page: isolate(String(index + 1)), pages: isolate(String(count)) }),
      370,
      CONTENT_WIDTH - 370,
      FOOTER_Y,
      SMALL,
      'end',
    );
  }
}

/**
 * The invoice (or credit note) as a PDF, drawn from its snapshot only, in the document's language:
 * its labels, its money format (the app's formatter) and its direction. A4; the lines flow onto
 * further pages, each repeating the document's number and the table's header, and every page
 * says "page x / y". DejaVu Sans is embedded, so every letter of a name prints as written. The same
 * document gives the same bytes: the creation date is the invoice date, and pdfkit derives the
 * file's ID from it.
 */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Uint8Array> {
  const language = invoiceLanguage(document.language);
  const labels = invoiceLabels[language];
  const format = moneyFormatFor(language);
  const title = document.kind === 'credit_note' ? labels.creditNote : labels.invoice;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    bufferPages: true,
    // no built-in font: only the embedded DejaVu is ever used, and nothing unembedded is written
    font: '',
    lang: language,
    displayTitle: true,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.supplier.name,
      Subject: `${labels.orderNumber} ${document.order.id}`,
      Creator: `${SITE_NAME} portal`,
      CreationDate: new Date(`${document.issuedOn}T00:00:00Z`),
    },
  });
  const fonts = invoiceFonts();
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const rendering: Rendering = {
    layout: new InvoiceLayout(doc, labels),
    document,
    labels,
    format,
    title,
    money: (value) =>
      formatMoney(value, {
        decimalPlaces: decimalPlacesOf(value),
        currencySymbol: document.currencySymbol,
        format,
      }),
  };
  const { layout } = rendering;
  drawLetterhead(rendering);
  drawParties(rendering);
  drawTableHeader(rendering);
  const summaryHeight = summary(rendering, 0, false);
  let rowsOnPage = 0;
  document.lines.forEach((line, index) => {
    const height = tableRow(rendering, line, layout.y, false);
    // the last row goes with the summary, so no page holds a table header without rows under it
    const needed = height + (index === document.lines.length - 1 ? summaryHeight : 0);
    if (layout.y + needed > BOTTOM && rowsOnPage > 0) {
      startContinuationPage(rendering);
      drawTableHeader(rendering);
      rowsOnPage = 0;
    }
    tableRow(rendering, line, layout.y, true);
    layout.y += height;
    layout.rule(layout.y, 0, CONTENT_WIDTH, SHADE);
    rowsOnPage += 1;
  });
  if (layout.y + summaryHeight > BOTTOM) startContinuationPage(rendering);
  summary(rendering, layout.y, true);
  drawFooters(rendering);
  doc.end();
  return done;
}
