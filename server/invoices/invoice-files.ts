import { PDFDocument } from '@cantoo/pdf-lib';
import { buyerReferenceOf, eInvoiceOf } from './e-invoice';
import { generateEInvoice } from './e-invoice-generator';
import type { InvoiceDocument } from './invoice-document';

/** The file an e-invoice is embedded as in a Factur-X PDF (Factur-X 1.07, EN 16931 profile). */
export const FACTUR_X_ATTACHMENT = 'factur-x.xml';

type CiiTree = Record<string, unknown>;
const SUMMATION = 'ram:SpecifiedTradeSettlementHeaderMonetarySummation';

/**
 * BG-3, the invoice a credit note corrects, in CII: @e-invoice-eu/core 2.3.4 reads it from the wrong
 * place and writes its date in the wrong namespace (upstream issue 455, fixed after 2.3.4), so a
 * CII credit note would lose BT-25/BT-26 or fail the schema. It is written here instead, where the
 * CII schema puts it: right after the settlement's totals.
 */
function addPrecedingInvoice(cii: CiiTree, corrects: NonNullable<InvoiceDocument['corrects']>) {
  const root = cii['rsm:CrossIndustryInvoice'] as CiiTree | undefined;
  const transaction = root?.['rsm:SupplyChainTradeTransaction'] as CiiTree | undefined;
  const settlement = transaction?.['ram:ApplicableHeaderTradeSettlement'] as CiiTree | undefined;
  if (!transaction || !settlement) throw new Error('CII without a header trade settlement');
  const reference = {
    'ram:IssuerAssignedID': corrects.number,
    'ram:FormattedIssueDateTime': {
      'qdt:DateTimeString': corrects.issuedOn.replaceAll('-', ''),
      'qdt:DateTimeString@format': '102',
    },
  };
  const entries = Object.entries(settlement).filter(([key]) => key !== 'ram:InvoiceReferencedDocument');
  const after = entries.findIndex(([key]) => key === SUMMATION) + 1;
  entries.splice(after, 0, ['ram:InvoiceReferencedDocument', reference]);
  transaction['ram:ApplicableHeaderTradeSettlement'] = Object.fromEntries(entries);
}

async function generate(document: InvoiceDocument, format: string, pdf?: Uint8Array) {
  const options = {
    format,
    lang: document.language,
    noWarnings: true,
    ...(pdf ? { pdf: { buffer: pdf, filename: `${document.number}.pdf`, mimetype: 'application/pdf' } } : {}),
  };
  const { corrects } = document;
  return generateEInvoice(
    eInvoiceOf(document),
    options,
    corrects
      ? (format) => {
          // CII formats post-process the tree they render (FormatCIIService.postProcess)
          const service = format as typeof format & { postProcess?: (cii: CiiTree) => void };
          const postProcess = service.postProcess;
          if (typeof postProcess !== 'function')
            throw new Error('@e-invoice-eu/core no longer post-processes CII');
          service.postProcess = (cii) => {
            postProcess.call(service, cii);
            addPrecedingInvoice(cii, corrects);
          };
        }
      : undefined,
  );
}

/**
 * The invoice as a Factur-X PDF (profile EN 16931): `pdf`, the printed invoice, made a PDF/A-3 with
 * the document's EN 16931 CII e-invoice embedded as factur-x.xml, so one file is both what a person
 * reads and what the buyer's bookkeeping imports.
 */
export async function facturXPdf(document: InvoiceDocument, pdf: Uint8Array): Promise<Uint8Array> {
  const file = await generate(document, 'Factur-X-EN16931', pdf);
  if (typeof file === 'string') throw new Error('Factur-X came back as text, not as a PDF');
  return file;
}

/** The EN 16931 e-invoice in the CII syntax: the XML a Factur-X PDF of the document embeds. */
export async function ciiXml(document: InvoiceDocument): Promise<string> {
  return String(await generate(document, 'CII'));
}

/** A document issued to a customer without a buyer reference (BT-10): XRechnung requires one. */
export class NoBuyerReferenceError extends Error {
  constructor(number: string) {
    super(`Invoice ${number} was issued to a customer without a buyer reference (Leitweg-ID)`);
    this.name = 'NoBuyerReferenceError';
  }
}

/** Whether the document was issued to a public customer: one with a buyer reference (Leitweg-ID). */
export const isPublicCustomerDocument = (document: InvoiceDocument) => buyerReferenceOf(document) !== '';

/**
 * The XRechnung (CII syntax) of a document issued to a public customer, the form German public
 * buyers accept; NoBuyerReferenceError for any other customer's.
 */
export async function xRechnungXml(document: InvoiceDocument): Promise<string> {
  if (!isPublicCustomerDocument(document)) throw new NoBuyerReferenceError(document.number);
  return String(await generate(document, 'XRECHNUNG-CII'));
}

/**
 * Several PDFs one after another in one file: the reading copy of an order invoiced per warehouse,
 * or with a credit note. It embeds no e-invoice (which of them would it be?); each document's own
 * Factur-X PDF carries its own.
 */
export async function readingCopy(pdfs: Uint8Array[]): Promise<Uint8Array> {
  const combined = await PDFDocument.create();
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf);
    const pages = await combined.copyPages(source, source.getPageIndices());
    for (const page of pages) combined.addPage(page);
  }
  return combined.save();
}
