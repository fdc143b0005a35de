// The result of reading a quick-order file or pasted list. Plain data (structured-clonable) so it crosses the
// Web Worker boundary unchanged, and free of any spreadsheet-library import so the main thread may use it.

/** Why a whole file is refused. The keys match the quick-order message catalogue (SPEC point 8). */
export type QuickOrderFileError = 'incorrectFormat' | 'tooLarge' | 'tooManyRows';

/** Why one row cannot be ordered as read. Each is a quick-order message key. */
export type RowProblem = 'invalidStock' | 'invalidQuantity' | 'invalidUnit';

/**
 * Which product field the code column names: a header says "Stock code" or "Barcode"; without a header the
 * server must try both.
 */
export type CodeKind = 'stockCode' | 'barcode' | 'stockCodeOrBarcode';

export interface ParsedRow {
  /** The row number as the spreadsheet shows it: 1-based, counting the header, title and empty rows. */
  rowNumber: number;
  /** Every spreadsheet row this line came from (more than one when duplicates were merged), ascending. */
  sourceRowNumbers: number[];
  /** Stock code or barcode, trimmed; '' when missing. */
  stockCode: string;
  codeKind: CodeKind;
  /** The quantity as the customer sees it in the cell (for the preview, where it can be corrected). */
  quantityText: string;
  /** The quantity as a positive whole number of the unit, or null when quantityText is not one. */
  quantity: number | null;
  /** The unit name (singular or plural, any case) or id as typed; '' means the product's primary unit. */
  unitText: string;
  /** Empty when the row can go on to server validation. */
  problems: RowProblem[];
}

export type ParseNotice =
  /** Rows of the same code and unit were merged into one line with the quantities summed. */
  | { kind: 'duplicatesMerged'; stockCode: string; unitText: string; rowNumbers: number[] }
  /** No header row was recognised: the first three columns were read as stock code, quantity and unit. */
  | { kind: 'headerNotFound' };

export interface ParsedRows {
  kind: 'rows';
  rows: ParsedRow[];
  notices: ParseNotice[];
  /** The spreadsheet row number of the recognised header, or null when columns were taken by position. */
  headerRowNumber: number | null;
}

export type QuickOrderParseResult = { kind: 'error'; error: QuickOrderFileError } | ParsedRows;

export interface ParseProgress {
  /** Sheet rows examined so far and in all; total is 0 until the file has been decoded. */
  done: number;
  total: number;
}

/** The customer's sheet written back with a status column (see writeSheetWithStatus). */
export type StatusSheetResult =
  | { kind: 'file'; bytes: Uint8Array; fileName: string; mimeType: string }
  | { kind: 'error'; error: QuickOrderFileError };

/** The quantity and unit a row's status describes (after the customer corrected or merged it in the preview). */
export interface UsedValues {
  quantity: string;
  /** a unit name the reader understands; '' for the product's primary unit */
  unit: string;
}

export interface StatusSheetOptions {
  /** The status column's header, in the customer's language (the caller translates). */
  statusHeader?: string;
  /**
   * Per row number, the values its status describes. A status next to cells it does not describe misleads
   * (a corrected "many" beside "Added"), so these replace the row's quantity and unit cells where they differ.
   */
  usedValues?: ReadonlyMap<number, UsedValues>;
  /** The header of a unit column added when the sheet has none and a used unit has to be written. */
  unitHeader?: string;
}
