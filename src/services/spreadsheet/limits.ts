/** Files above this size are refused before being read (5 MB). */
export const QUICK_ORDER_MAX_BYTES = 5 * 1024 * 1024;

/** Non-empty rows below the header, counted before duplicates are merged. */
export const QUICK_ORDER_MAX_DATA_ROWS = 10_000;

/**
 * How far down a workbook is read at all. A sheet with anything beyond this row is refused as too many rows
 * rather than decoded whole: a 5 MB xlsx can inflate to millions of rows.
 */
export const QUICK_ORDER_MAX_SHEET_ROWS = 100_000;

/** Largest accepted quantity: nine digits, so a barcode pasted into the quantity column is caught. */
export const QUICK_ORDER_MAX_QUANTITY = 999_999_999;

/** Longest accepted stock code or barcode. */
export const QUICK_ORDER_MAX_CODE_LENGTH = 100;
