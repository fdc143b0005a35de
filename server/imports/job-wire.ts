import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ImportJobRowsTable, ImportJobsTable, ImportKind } from '../db/schema';

// The wire shapes of import jobs, shared by the integration API and the staff console, and the
// schemas the OpenAPI document is generated from (so the document cannot drift from the routes).

export const importKindWire = z.enum(['products', 'prices', 'assortments', 'customers']);
export const importModeWire = z
  .enum(['delta', 'snapshot'])
  .describe('delta: apply the rows; snapshot: the rows are everything, what they do not name is retired');

export const jobErrorWire = z.object({
  code: z.enum(['file_unreadable', 'file_empty', 'columns_missing', 'rows_not_array', 'internal_error']),
  detail: z.string(),
});

export const importJobWire = z.object({
  id: z.string().describe('the job id (a UUID)'),
  kind: importKindWire,
  mode: importModeWire,
  format: z.enum(['json', 'csv', 'xlsx']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  file_name: z.string(),
  file_bytes: z.number().int(),
  rows_total: z.number().int().nullable().describe('known once the whole file was read'),
  rows_done: z.number().int(),
  applied: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  retired: z.number().int(),
  error: jobErrorWire.nullable().describe('why a failed job failed: its file could not be read'),
  created_by: z.string().describe('"key:<name>" or "staff:<username>"'),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJobWire = z.infer<typeof importJobWire>;

export const importJobListWire = z.object({ results: z.array(importJobWire) });

export const reportOutcomeWire = z.enum(['applied', 'unchanged', 'refused', 'retired']);

export const reportRowWire = z.object({
  seq: z.number().int().describe('the report order: file rows first, then retirements'),
  row_number: z
    .number()
    .int()
    .nullable()
    .describe(
      'the row in the file (the header is row 1) or the item of the batch (from 1); null for a retirement',
    ),
  external_id: z.string().nullable(),
  outcome: reportOutcomeWire,
  reason: z.string().nullable().describe('a stable code for a refusal, e.g. "price_invalid"'),
  detail: z.string().nullable(),
});
export type ReportRowWire = z.infer<typeof reportRowWire>;

export const reportPageWire = z.object({
  rows: z.array(reportRowWire),
  next_after: z.number().int().nullable().describe('pass as `after` for the next page; null on the last'),
});

/** The JSON batch: a job's rows sent in the request body. Each kind's row schema is in the OpenAPI document. */
export const jsonBatchBody = z.object({
  mode: importModeWire,
  rows: z.array(z.unknown()),
});

/** The query of a raw file upload (CSV or XLSX as the body). */
export const fileUploadQuery = z.object({
  mode: importModeWire.default('delta'),
  file_name: z.string().trim().min(1).max(255).optional(),
});

export const jobListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.string().max(40).optional().describe("a job's created_at: the jobs created before it"),
});

export const reportQuery = z.object({
  outcome: reportOutcomeWire.optional(),
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** The error column holds `{ code, detail }`, and while a job is retried the attempts so far. */
export interface StoredJobError {
  code: string;
  detail: string;
  attempts?: number;
}

export function readStoredError(text: string | null): StoredJobError | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as StoredJobError;
  } catch {
    return { code: 'internal_error', detail: text };
  }
}

export function toJobWire(row: Selectable<ImportJobsTable>): ImportJobWire {
  const stored = readStoredError(row.error);
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    format: row.format,
    status: row.status,
    file_name: row.file_name,
    file_bytes: Number(row.file_bytes),
    rows_total: row.rows_total === null ? null : Number(row.rows_total),
    rows_done: Number(row.rows_done),
    applied: Number(row.applied),
    unchanged: Number(row.unchanged),
    refused: Number(row.refused),
    retired: Number(row.retired),
    // A running job may hold the count of its unexpected failures there: not an error of the job yet.
    error:
      row.status === 'failed' && stored
        ? ({ code: stored.code, detail: stored.detail } as ImportJobWire['error'])
        : null,
    created_by: row.created_by,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

export function toReportRowWire(row: Selectable<ImportJobRowsTable>): ReportRowWire {
  return {
    seq: Number(row.seq),
    row_number: row.row_number === null ? null : Number(row.row_number),
    external_id: row.external_id,
    outcome: row.outcome,
    reason: row.reason,
    detail: row.detail,
  };
}

export const isImportKind = (text: string): text is ImportKind => importKindWire.safeParse(text).success;
