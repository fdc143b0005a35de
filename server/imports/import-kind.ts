import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, ImportKind, ImportMode } from '../db/schema';

/** What an integration key or a staff user may do (`integration_keys.scopes`). */
export type IntegrationScope =
  | 'catalogue:write'
  | 'prices:write'
  | 'assortments:write'
  | 'customers:write'
  | 'jobs:read'
  | 'events:read'
  | 'suborders:write'
  | 'documents:write'
  | 'webhooks:write';

/**
 * One row as read from a file or a JSON batch. A CSV or XLSX row arrives with its columns already
 * named by the kind's field names (`ImportKindHandler.columns`), every cell as text ('' for an
 * empty cell; a number cell of a workbook as its shortest exact decimal text). A JSON row is the
 * object as sent. The handler's `rowSchema` decides what is valid either way.
 */
export interface SourceRow {
  /** CSV and XLSX: the row number in the sheet (the header is 1); JSON: the item's position from 1 */
  rowNumber: number;
  fields: Record<string, unknown>;
}

export interface RowOutcome {
  rowNumber: number;
  /** the supplier's key of the row; null when the row had none that could be read */
  externalId: string | null;
  outcome: 'applied' | 'unchanged' | 'refused';
  /** a stable code for a refusal ("price_invalid", "product_unknown"); absent otherwise */
  reason?: string;
  /** the refusal in words, naming the field and the value */
  detail?: string;
}

export interface ImportContext {
  jobId: string;
  mode: ImportMode;
  /** the job's clock: retirement times, validity of dates */
  now: Date;
}

/**
 * One kind of import. The job runner reads rows, hands them to `applyBatch` a batch at a time inside
 * one transaction (with the report rows and the progress), and for a snapshot calls `retireAbsent`
 * once, after the last row, in one transaction. Both must be idempotent: the same row applied twice
 * answers 'unchanged' the second time and writes nothing.
 */
export interface ImportKindHandler {
  kind: ImportKind;
  scope: IntegrationScope;
  /** one JSON row; also documents the row in the OpenAPI document */
  rowSchema: z.ZodType;
  /** field name → the header texts that name it in a file (compared after normaliseHeaderText) */
  columns: Readonly<Record<string, readonly string[]>>;
  /** the fields a file must have a column for, else the job fails with a message naming them */
  requiredColumns: readonly string[];
  applyBatch(
    trx: Transaction<Database>,
    rows: readonly SourceRow[],
    context: ImportContext,
  ): Promise<RowOutcome[]>;
  /**
   * Snapshot only: retires what the supplier manages (a non-null external id) and this job did not
   * name in any row, whatever the row's outcome (a refused row still names its key). Answers the
   * retired rows' external ids. Never deletes a row an order refers to.
   */
  retireAbsent(trx: Transaction<Database>, context: ImportContext): Promise<string[]>;
}
