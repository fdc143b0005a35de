import * as z from 'zod/mini';
import type { PortalDocument } from '../../../domain/types';
import { decimalAnswer, isoDate, isoDateTime } from './primitives';

/** The kinds of /documents/: the supplier's publications and the company's invoices. */
export const documentTypes = ['price_list', 'data_sheet', 'terms', 'certificate', 'invoice'] as const;

/** One entry of GET /netb2b/documents/. */
export const documentWire = z.object({
  id: z.string().check(z.regex(/^(doc|invoice|xrechnung|finance)-\d+$/)),
  type: z.enum(documentTypes),
  name: z.string(),
  created_at: isoDateTime,
  size: z.nullable(z.int().check(z.nonnegative())),
  content_type: z.string(),
  file: z.string().check(z.minLength(1)),
  file_name: z.string().check(z.minLength(1)),
  // An invoice or credit note of the supplier's ERP (`finance-<n>`) carries its figures; a
  // specification backend and the portal's own invoices send none of them.
  gross_total: z.optional(decimalAnswer),
  open_balance: z.optional(decimalAnswer),
  due_on: z.optional(z.nullable(isoDate)),
});
export const toPortalDocument = (w: z.infer<typeof documentWire>): PortalDocument => ({
  id: w.id,
  type: w.type,
  name: w.name,
  createdAt: w.created_at,
  size: w.size,
  contentType: w.content_type,
  file: w.file,
  fileName: w.file_name,
  ...(w.gross_total === undefined ? {} : { grossTotal: w.gross_total }),
  ...(w.open_balance === undefined ? {} : { openBalance: w.open_balance }),
  ...(w.due_on === undefined || w.due_on === null ? {} : { dueOn: w.due_on }),
});
