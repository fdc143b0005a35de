import * as z from 'zod/mini';
import type { PortalDocument } from '../../../domain/types';
import { isoDateTime } from './primitives';

/** The kinds of /documents/: the supplier's publications and the company's invoices. */
export const documentTypes = ['price_list', 'data_sheet', 'terms', 'certificate', 'invoice'] as const;

/** One entry of GET /netb2b/documents/. */
export const documentWire = z.object({
  id: z.string().check(z.regex(/^(doc|invoice|xrechnung)-\d+$/)),
  type: z.enum(documentTypes),
  name: z.string(),
  created_at: isoDateTime,
  size: z.nullable(z.int().check(z.nonnegative())),
  content_type: z.string(),
  file: z.string().check(z.minLength(1)),
  file_name: z.string().check(z.minLength(1)),
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
});
