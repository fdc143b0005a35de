import * as z from 'zod/mini';
import type { PortalDocument } from '../../domain/types';
import type { HttpClient } from './client';
import { documentWire, toPortalDocument } from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

/** /documents/ (docs/api.md "Documents"): what the supplier publishes for this customer. */
export interface DocumentsApi {
  /** GET /netb2b/documents/: published files and the company's invoices, newest first */
  documents(options?: CallOptions): Promise<PortalDocument[]>;
  /** GET the document's `file` (needs the bearer, so fetched, not linked): the file's bytes */
  documentFile(document: Pick<PortalDocument, 'file'>, options?: CallOptions): Promise<Blob>;
}

/** A document's file path is the server's; only paths of the document routes are fetched. */
const documentFilePath =
  /^netb2b\/(documents\/\d+\/file|finance-documents\/\d+\/file|orders\/\d+\/invoice)\/$/;

export function documentsApi(http: HttpClient): DocumentsApi {
  return {
    documents: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/documents/', signal: options.signal },
        z.array(documentWire),
        (list) => list.map(toPortalDocument),
      ),
    documentFile: async (document, options = {}) => {
      if (!documentFilePath.test(document.file))
        throw new RangeError(`not a document path: ${document.file}`);
      return http.blob({ method: 'get', path: document.file, signal: options.signal });
    },
  };
}
