import { randomUUID } from 'node:crypto';
import { type Context, type Env, Hono } from 'hono';
import type { z } from 'zod';
import { formatCsvField } from '../../src/domain/csv-cell';
import type { ImportKind } from '../db/schema';
import { ApiError, badRequest, notFound } from '../http/api-error';
import type { AppDeps } from '../http/app-env';
import { scopeOfKind } from '../integration/scopes';
import {
  bodyPieces,
  isZip,
  MAX_FILE_BYTES,
  MAX_JSON_BATCH_BYTES,
  MAX_WORKBOOK_BYTES,
  storeJobFile,
  tooLarge,
} from './job-files';
import { findJob, listJobs, reportPage } from './job-queries';
import type { JobQueue } from './job-queue';
import {
  fileUploadQuery,
  type ImportJobWire,
  isImportKind,
  jobListQuery,
  jsonBatchBody,
  reportQuery,
  toJobWire,
  toReportRowWire,
} from './job-wire';

export type ImportJobDeps = Pick<AppDeps, 'db' | 'now'> & { importQueue?: JobQueue | undefined };

export interface ImportJobRouteOptions<E extends Env> {
  /** `created_by` of a new job: "key:<name>" or "staff:<username>" */
  actor: (c: Context<E>) => string;
  mayCreate: (c: Context<E>, kind: ImportKind) => boolean;
  mayRead: (c: Context<E>, job: ImportJobWire) => boolean;
}

const REPORT_PAGE_ROWS = 1000;

/**
 * The import job calls (docs/integration-api.md), mounted twice: for integration keys under
 * /api/integration/v1/imports and for the staff console under /api/staff/imports. The caller's
 * rights come in as `options`. A raw file body is streamed into the database here, so the router
 * must be mounted outside the API's 1 MB body limit.
 */
export function importJobRoutes<E extends Env>(deps: ImportJobDeps, options: ImportJobRouteOptions<E>) {
  const { db, now } = deps;
  const routes = new Hono<E>();

  const readableJob = async (c: Context<E>, id: string) => {
    const row = await findJob(db, id);
    if (!row) throw notFound('No such import job.');
    const job = toJobWire(row);
    if (!options.mayRead(c, job))
      throw new ApiError(403, {
        detail: `Reading this job needs the scope jobs:read or ${scopeOfKind[job.kind]}.`,
        code: 'scope_missing',
      });
    return job;
  };

  routes.post('/:kind', async (c) => {
    const kind = c.req.param('kind');
    if (!isImportKind(kind)) throw notFound('No such import kind.');
    if (!options.mayCreate(c, kind))
      throw new ApiError(403, {
        detail: `This call needs the scope ${scopeOfKind[kind]}.`,
        code: 'scope_missing',
      });
    const id = randomUUID();
    const createdBy = options.actor(c);
    const createdAt = now().toISOString();
    const contentType = c.req.header('content-type') ?? '';
    const isJson = /^application\/json\b/i.test(contentType.trim());
    const query = parseQuery(fileUploadQuery, c.req.query());
    // The job exists from the first byte (its chunks refer to it), failed until the upload is whole,
    // so no worker takes a half-written file and a connection lost mid-upload leaves an honest row.
    await db
      .insertInto('import_jobs')
      .values({
        id,
        kind,
        mode: query.mode,
        format: isJson ? 'json' : 'csv',
        status: 'failed',
        file_name: query.file_name ?? (isJson ? 'batch.json' : 'upload'),
        file_digest: '',
        file_bytes: 0,
        error: JSON.stringify({ code: 'upload_incomplete', detail: 'The upload did not finish.' }),
        created_by: createdBy,
        created_at: createdAt,
      })
      .execute();
    try {
      if (isJson) {
        const bytes = await readWhole(bodyPieces(c.req.raw.body), MAX_JSON_BATCH_BYTES);
        const batch = parseJsonBatch(bytes);
        const stored = await storeJobFile(db, id, once(bytes), () => ({
          bytes: MAX_JSON_BATCH_BYTES,
          detail: 'A JSON batch may hold at most 10 MB.',
        }));
        await queueJob(id, { mode: batch.mode, format: 'json', digest: stored.digest, bytes: stored.bytes });
      } else {
        const stored = await storeJobFile(db, id, bodyPieces(c.req.raw.body), (head) =>
          isZip(head)
            ? {
                bytes: MAX_WORKBOOK_BYTES,
                detail: 'A workbook may hold at most 50 MB; send larger files as CSV.',
              }
            : { bytes: MAX_FILE_BYTES, detail: 'A file may hold at most 200 MB.' },
        );
        const format = isZip(stored.head) ? 'xlsx' : 'csv';
        const fileName = query.file_name ?? (format === 'xlsx' ? 'upload.xlsx' : 'upload.csv');
        await queueJob(id, {
          mode: query.mode,
          format,
          digest: stored.digest,
          bytes: stored.bytes,
          fileName,
        });
      }
    } catch (error) {
      // A refused upload leaves nothing behind (its chunks go with the job).
      await db.deleteFrom('import_jobs').where('id', '=', id).execute();
      throw error;
    }
    // The queue's sweep (or poll) finds a queued job anyway: a failed send only delays it.
    await deps.importQueue
      ?.send(id)
      .catch((error: unknown) => console.warn(`Import job ${id}: queueing failed:`, error));
    const row = await findJob(db, id);
    if (!row) throw notFound('No such import job.');
    const location = `${c.req.path.replace(/\/[^/]*\/?$/, '')}/${id}`;
    return c.json(toJobWire(row), 202, { Location: location });
  });

  const queueJob = async (
    id: string,
    file: {
      mode: 'delta' | 'snapshot';
      format: 'json' | 'csv' | 'xlsx';
      digest: string;
      bytes: number;
      fileName?: string;
    },
  ) => {
    await db
      .updateTable('import_jobs')
      .set({
        status: 'queued',
        error: null,
        mode: file.mode,
        format: file.format,
        file_digest: file.digest,
        file_bytes: file.bytes,
        ...(file.fileName ? { file_name: file.fileName } : {}),
      })
      .where('id', '=', id)
      .execute();
  };

  routes.get('/', async (c) => {
    const { limit, before } = parseQuery(jobListQuery, c.req.query());
    const results: ImportJobWire[] = [];
    let cursor = before;
    // Jobs the caller may not read are left out; pages are read on until the answer is full.
    for (;;) {
      const rows = await listJobs(db, { limit, before: cursor });
      for (const row of rows) {
        const job = toJobWire(row);
        if (results.length < limit && options.mayRead(c, job)) results.push(job);
      }
      const last = rows.at(-1);
      if (results.length >= limit || rows.length < limit || !last) break;
      cursor = last.created_at;
    }
    return c.json({ results });
  });

  routes.get('/:id', async (c) => c.json(await readableJob(c, c.req.param('id'))));

  routes.get('/:id/report.json', async (c) => {
    const job = await readableJob(c, c.req.param('id'));
    const { after, limit, outcome } = parseQuery(reportQuery, c.req.query());
    const rows = await reportPage(db, job.id, { after, limit: limit + 1, outcome });
    const page = rows.slice(0, limit).map(toReportRowWire);
    return c.json({ rows: page, next_after: rows.length > limit ? (page.at(-1)?.seq ?? null) : null });
  });

  routes.get('/:id/report', async (c) => {
    const job = await readableJob(c, c.req.param('id'));
    const encoder = new TextEncoder();
    let after = 0;
    let headerSent = false;
    // A page of report rows at a time: a report of a million rows never sits in memory.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode('row,external_id,outcome,reason,detail\r\n'));
          return;
        }
        const rows = await reportPage(db, job.id, { after, limit: REPORT_PAGE_ROWS });
        if (rows.length === 0) {
          controller.close();
          return;
        }
        after = Number(rows.at(-1)?.seq ?? after);
        const lines = rows.map((row) =>
          [
            row.row_number === null ? '' : String(row.row_number),
            row.external_id ?? '',
            row.outcome,
            row.reason ?? '',
            row.detail ?? '',
          ]
            .map((cell) => formatCsvField(cell))
            .join(','),
        );
        controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
      },
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="import-${job.id}-report.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  return routes;
}

function parseQuery<Schema extends z.ZodType>(schema: Schema, raw: Record<string, string>): z.infer<Schema> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw badRequest('Invalid query parameters.', fieldErrors(result.error.issues));
}

function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

function parseJsonBatch(bytes: Uint8Array) {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8').decode(bytes));
  } catch {
    throw new ApiError(400, {
      detail: 'The request body is not valid JSON.',
      code: 'malformed_json',
      errors: { non_field_errors: ['The request body is not valid JSON.'] },
    });
  }
  const result = jsonBatchBody.safeParse(raw);
  if (!result.success)
    throw badRequest('The request body has invalid fields.', fieldErrors(result.error.issues));
  return result.data;
}

/** A body of at most `limit` bytes, read whole (a JSON batch is parsed whole anyway); 413 past it. */
async function readWhole(pieces: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const piece of pieces) {
    total += piece.byteLength;
    if (total > limit) throw tooLarge('A JSON batch may hold at most 10 MB.');
    parts.push(piece);
  }
  return Buffer.concat(parts, total);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}
