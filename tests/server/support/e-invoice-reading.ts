import { readdirSync, readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import PdfKitDocument from 'pdfkit';
import { validateXML, type XMLValidationResult } from 'xmllint-wasm';

const SCHEMA_DIR = new URL('../fixtures/factur-x/', import.meta.url);
const MAIN_SCHEMA = 'Factur-X_1.07.3_EN16931.xsd';
const schemaFile = (fileName: string) => ({
  fileName,
  contents: readFileSync(new URL(fileName, SCHEMA_DIR), 'utf8'),
});

/** Validates XML against the Factur-X 1.07.3 EN 16931 schema (the CII subset EN 16931 allows). */
export function validateAgainstFacturXSchema(xml: string): Promise<XMLValidationResult> {
  const imported = readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.xsd') && name !== MAIN_SCHEMA);
  return validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [schemaFile(MAIN_SCHEMA)],
    preload: imported.map(schemaFile),
  });
}

const textOf = (xml: string, element: string) => {
  const match = new RegExp(`<ram:${element}(?: [^>]*)?>([^<]*)</ram:${element}>`).exec(xml);
  return match?.[1];
};
const blocksOf = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<ram:${element}>([\\s\\S]*?)</ram:${element}>`, 'g'))].map(
    (match) => match[1] ?? '',
  );

/** What a bookkeeper reads off a CII e-invoice: lines, VAT breakdown and totals, as written. */
export function ciiFigures(xml: string) {
  const settlement = blocksOf(xml, 'ApplicableHeaderTradeSettlement')[0] ?? '';
  const summation = blocksOf(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation')[0] ?? '';
  return {
    typeCode: textOf(
      /<rsm:ExchangedDocument>([\s\S]*?)<\/rsm:ExchangedDocument>/.exec(xml)?.[1] ?? '',
      'TypeCode',
    ),
    lines: blocksOf(xml, 'IncludedSupplyChainTradeLineItem').map((line) => ({
      name: textOf(line, 'Name'),
      quantity: textOf(line, 'BilledQuantity'),
      unitCode: /<ram:BilledQuantity unitCode="([^"]+)"/.exec(line)?.[1],
      price: textOf(line, 'ChargeAmount'),
      basisQuantity: textOf(line, 'BasisQuantity'),
      category: textOf(line, 'CategoryCode'),
      ratePercent: textOf(line, 'RateApplicablePercent'),
      net: textOf(line, 'LineTotalAmount'),
    })),
    rates: blocksOf(settlement, 'ApplicableTradeTax').map((tax) => ({
      category: textOf(tax, 'CategoryCode'),
      ratePercent: textOf(tax, 'RateApplicablePercent'),
      net: textOf(tax, 'BasisAmount'),
      tax: textOf(tax, 'CalculatedAmount'),
      exemptionReason: textOf(tax, 'ExemptionReason'),
    })),
    totals: {
      lines: textOf(summation, 'LineTotalAmount'),
      net: textOf(summation, 'TaxBasisTotalAmount'),
      tax: textOf(summation, 'TaxTotalAmount'),
      gross: textOf(summation, 'GrandTotalAmount'),
      payable: textOf(summation, 'DuePayableAmount'),
    },
    buyerReference: textOf(xml, 'BuyerReference'),
    guideline: textOf(blocksOf(xml, 'GuidelineSpecifiedDocumentContextParameter')[0] ?? '', 'ID'),
    correctedInvoice: textOf(blocksOf(xml, 'InvoiceReferencedDocument')[0] ?? '', 'IssuerAssignedID'),
  };
}

/** The files a PDF embeds, by name, as text, as pdf.js (Firefox's reader) lists them. */
export async function embeddedFiles(pdf: Uint8Array): Promise<Map<string, string>> {
  // pdf.js takes ownership of the buffer it is given; a copy leaves the caller's bytes intact
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const attachments = ((await document.getAttachments()) ?? {}) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    return new Map(
      Object.values(attachments).map((file) => [file.filename, new TextDecoder().decode(file.content)]),
    );
  } finally {
    await document.destroy();
  }
}

/** A one-page PDF standing for the printed invoice where only the e-invoice is under test. */
export function onePagePdf(text = 'Invoice'): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const document = new PdfKitDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    document.on('error', reject);
    document.text(text);
    document.end();
  });
}
