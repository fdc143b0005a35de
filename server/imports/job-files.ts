import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';

// A job's file lives in the database, a chunk a row, so any server process on the database can run
// the job, and neither the upload nor the run ever holds the whole file in memory.

export const CHUNK_BYTES = 1024 * 1024;
/** The most a raw upload (CSV) may hold. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;
/** SheetJS reads a workbook whole, so a workbook is held in memory once: kept well below the CSV limit. */
export const MAX_WORKBOOK_BYTES = 50 * 1024 * 1024;
/** A JSON batch is parsed whole. */
export const MAX_JSON_BATCH_BYTES = 10 * 1024 * 1024;

export interface StoredFile {
  digest: string;
  bytes: number;
  /** the first bytes, which tell a workbook from text */
  head: Uint8Array;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** A zip (an .xlsx workbook) or text (CSV), decided by the content as the quick order does. */
export const isZip = (head: Uint8Array) => ZIP_SIGNATURE.every((byte, index) => head[index] === byte);

export const tooLarge = (detail: string) => new ApiError(413, { detail, code: 'payload_too_large' });

/**
 * Writes a body into `import_job_chunks` a megabyte at a time while hashing and counting it. The
 * limit may depend on the first bytes (a workbook is capped lower than a CSV); past it, 413 (the
 * caller removes the job and what was written).
 */
export async function storeJobFile(
  db: Kysely<Database>,
  jobId: string,
  body: AsyncIterable<Uint8Array>,
  limitFor: (head: Uint8Array) => { bytes: number; detail: string },
): Promise<StoredFile> {
  const hash = createHash('sha256');
  let total = 0;
  let chunk = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let head: Uint8Array | undefined;
  let limit: { bytes: number; detail: string } | undefined;

  const flush = async (bytes: Buffer) => {
    await db.insertInto('import_job_chunks').values({ job_id: jobId, chunk, bytes }).execute();
    chunk += 1;
  };

  for await (const piece of body) {
    if (piece.byteLength === 0) continue;
    total += piece.byteLength;
    if (!head) {
      // The first piece of a stream is never smaller than a zip signature in practice; a tiny first
      // piece only means a text file is assumed, which the reader then tells apart anyway.
      head = piece.slice(0, 8);
      limit = limitFor(head);
    }
    if (limit && total > limit.bytes) throw tooLarge(limit.detail);
    hash.update(piece);
    pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    pendingBytes += piece.byteLength;
    while (pendingBytes >= CHUNK_BYTES) {
      const joined = Buffer.concat(pending, pendingBytes);
      await flush(Buffer.from(joined.subarray(0, CHUNK_BYTES)));
      const rest = joined.subarray(CHUNK_BYTES);
      pending = rest.byteLength ? [Buffer.from(rest)] : [];
      pendingBytes = rest.byteLength;
    }
  }
  if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
  return { digest: hash.digest('hex'), bytes: total, head: head ?? new Uint8Array() };
}

/** The file back, a chunk at a time (one query each, so a 200 MB file costs 1 MiB of memory). */
export async function* readJobFile(db: Kysely<Database>, jobId: string): AsyncGenerator<Uint8Array> {
  for (let chunk = 0; ; chunk += 1) {
    const row = await db
      .selectFrom('import_job_chunks')
      .select('bytes')
      .where('job_id', '=', jobId)
      .where('chunk', '=', chunk)
      .executeTakeFirst();
    if (!row) return;
    yield new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  }
}

/** A ReadableStream (a request body) as an async iterable: Node's web streams are one already. */
export function bodyPieces(stream: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!stream) return (async function* () {})();
  return stream as unknown as AsyncIterable<Uint8Array>;
}
