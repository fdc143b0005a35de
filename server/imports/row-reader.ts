import { detectDelimiter } from '../../src/domain/spreadsheet/delimited-text';
import { normaliseHeaderText } from '../../src/domain/spreadsheet/header-vocabulary';
import { looksBinary } from '../../src/domain/spreadsheet/text-decoding';
import type { ImportFormat } from '../db/schema';
import { DelimitedStream } from './delimited-stream';
import type { ImportKindHandler, SourceRow } from './import-kind';
import { MAX_WORKBOOK_BYTES } from './job-files';
import { workbookRecords } from './workbook-rows';

/** Why a job fails: its file cannot be read at all (a bad row is refused in the report instead). */
export class ImportFileError extends Error {
  constructor(
    readonly code: 'file_unreadable' | 'file_empty' | 'columns_missing' | 'rows_not_array',
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface TabularRecord {
  rowNumber: number;
  fields: string[];
}

/** A row as read; a JSON item that is not an object still takes its place in the report. */
export type ReadRow = SourceRow & { notAnObject?: true };

type Columns = Pick<ImportKindHandler, 'columns' | 'requiredColumns'>;

/**
 * The rows of a job's file, after the first `skip` (the rows a crashed or stopped run already
 * applied: the file is read again from its start, which costs reading, never a row twice).
 * Empty rows are neither yielded nor counted.
 */
export async function* readSourceRows(
  format: ImportFormat,
  chunks: AsyncIterable<Uint8Array>,
  columns: Columns,
  skip = 0,
): AsyncGenerator<ReadRow> {
  let rows: AsyncIterable<ReadRow>;
  if (format === 'json') rows = jsonRows(await wholeFile(chunks, Infinity));
  else if (format === 'xlsx') {
    const records = workbookRecords(await wholeFile(chunks, MAX_WORKBOOK_BYTES));
    if (!records)
      throw new ImportFileError('file_unreadable', 'The file is not a workbook that can be read.');
    rows = tabularRows(toAsync(records), columns);
  } else rows = tabularRows(csvRecords(chunks), columns);
  let seen = 0;
  for await (const row of rows) {
    seen += 1;
    if (seen > skip) yield row;
  }
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

async function wholeFile(chunks: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > limit)
      throw new ImportFileError('file_unreadable', `A workbook may hold at most ${limit / 1024 / 1024} MB.`);
    pieces.push(chunk);
  }
  return Buffer.concat(pieces, total);
}

async function* jsonRows(bytes: Uint8Array): AsyncGenerator<ReadRow> {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8').decode(bytes));
  } catch {
    throw new ImportFileError('file_unreadable', 'The batch is not valid JSON.');
  }
  const rows = (document as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows))
    throw new ImportFileError('rows_not_array', '"rows" must be an array of row objects.');
  for (let index = 0; index < rows.length; index++) {
    const item: unknown = rows[index];
    const isObject = typeof item === 'object' && item !== null && !Array.isArray(item);
    yield isObject
      ? { rowNumber: index + 1, fields: item as Record<string, unknown> }
      : { rowNumber: index + 1, fields: {}, notAnObject: true };
  }
}

/** What the encoding and the delimiter are decided on: the first 64 KiB (or the whole file if smaller). */
const SAMPLE_BYTES = 64 * 1024;

/**
 * CSV a chunk at a time: the encoding and the delimiter are decided from the start of the file,
 * then a streaming decoder and parser carry on across chunks (a character, a quoted field or a
 * line break may be cut anywhere between two).
 */
async function* csvRecords(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<TabularRecord> {
  let decoder: TextDecoder | undefined;
  let parser: DelimitedStream | undefined;
  let sample: Uint8Array[] = [];
  let sampleBytes = 0;
  const begin = (bytes: Uint8Array) => {
    decoder = new TextDecoder(encodingOf(bytes));
    const text = decoder.decode(bytes, { stream: true });
    if (looksBinary(text))
      throw new ImportFileError('file_unreadable', 'The file is neither CSV text nor a workbook.');
    parser = new DelimitedStream(detectDelimiter(text));
    return parser.push(text);
  };
  for await (const chunk of chunks) {
    if (decoder && parser) {
      yield* parser.push(decoder.decode(chunk, { stream: true }));
      continue;
    }
    sample.push(chunk);
    sampleBytes += chunk.byteLength;
    if (sampleBytes < SAMPLE_BYTES) continue;
    yield* begin(Buffer.concat(sample, sampleBytes));
    sample = [];
  }
  if (!decoder || !parser) {
    if (sampleBytes === 0) return;
    yield* begin(Buffer.concat(sample, sampleBytes));
  }
  if (!decoder || !parser) return;
  yield* parser.push(decoder.decode());
  yield* parser.end();
}

/**
 * The encodings the quick order reads (src/services/spreadsheet/text-decoding.ts): a byte-order mark,
 * else UTF-8 when the sample is valid UTF-8 (a character cut at the chunk's end is fine), else
 * Windows-1252, Excel's legacy CSV. The decoder drops the byte-order mark itself.
 */
function encodingOf(sample: Uint8Array): string {
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Header row → field names (the kind's `columns`), then one SourceRow per non-empty row. */
async function* tabularRows(
  records: AsyncIterable<TabularRecord>,
  columns: Columns,
): AsyncGenerator<ReadRow> {
  let mapping: { field: string; index: number }[] | undefined;
  for await (const record of records) {
    const empty = record.fields.every((cell) => cell.trim() === '');
    if (empty) continue;
    if (!mapping) {
      mapping = headerMapping(record.fields, columns);
      continue;
    }
    const fields: Record<string, unknown> = {};
    for (const { field, index } of mapping) fields[field] = (record.fields[index] ?? '').trim();
    yield { rowNumber: record.rowNumber, fields };
  }
  if (!mapping) throw new ImportFileError('file_empty', 'The file holds no rows.');
}

function headerMapping(header: string[], { columns, requiredColumns }: Columns) {
  const lookup = new Map<string, string>();
  for (const [field, texts] of Object.entries(columns)) {
    for (const text of [field, ...texts]) {
      const key = normaliseHeaderText(text);
      if (!lookup.has(key)) lookup.set(key, field);
    }
  }
  const mapping: { field: string; index: number }[] = [];
  const found = new Set<string>();
  header.forEach((text, index) => {
    const field = lookup.get(normaliseHeaderText(text));
    // Two columns naming one field: the first (leftmost) is read, as a person reading the sheet would.
    if (field === undefined || found.has(field)) return;
    found.add(field);
    mapping.push({ field, index });
  });
  const missing = requiredColumns.filter((field) => !found.has(field));
  if (missing.length) {
    const named = missing.map((field) => `${field} (e.g. "${columns[field]?.[0] ?? field}")`);
    throw new ImportFileError('columns_missing', `The file has no column for: ${named.join(', ')}.`);
  }
  return mapping;
}
