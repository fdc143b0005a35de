// What reading a barcode (or a typed code) gives.

export type GtinSymbology = 'ean13' | 'ean8' | 'upca' | 'upce' | 'gtin14' | 'gs1-128';

export type ScanFailure = 'empty' | 'not_digits' | 'bad_length' | 'bad_check_digit' | 'no_gtin' | 'bad_ai';

export type ScannedCode =
  | {
      ok: true;
      /** 14 digits: the GTIN-14 with leading zeros, whatever length it was written in */
      gtin: string;
      symbology: GtinSymbology;
      /** AI 37 (items in a logistic unit), else AI 30 (variable count) */
      count?: number;
      /** AI 10 */
      batch?: string;
      /** AI 17 as YYYY-MM-DD; day 00 means the last day of the month */
      expiry?: string;
    }
  | { ok: false; reason: ScanFailure };

/** The barcode format a reader reports (the Barcode Detection API's names), which tells UPC-E from EAN-8. */
export type ScanFormat = 'ean_8' | 'upc_e' | 'ean_13' | 'upc_a' | 'code_128' | 'itf';

export interface ScanOptions {
  format?: ScanFormat;
  /** The day a two-digit year of AI 17 is read against (GS1's 50-year window); now when absent. */
  today?: Date;
}
