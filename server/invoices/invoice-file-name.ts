import type { InvoiceDocument } from './invoice-document';

/** "invoice-2026-000001.pdf", "credit-note-2026-000007.xml": a file is named after its document's number. */
export const invoiceFileName = (
  document: Pick<InvoiceDocument, 'kind' | 'number'>,
  extension: 'pdf' | 'xml',
) => `${document.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${document.number}.${extension}`;
