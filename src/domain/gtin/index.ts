// The module's public face: what callers outside it use (its files export more for each other).
export { gtinCheckDigit, gtinSpellings, toGtin14 } from './check-digit';
export { parseScannedCode } from './parse';
export type { GtinSymbology, ScanFailure, ScanFormat, ScannedCode, ScanOptions } from './types';
export { unitForGtin } from './unit-match';
export { expandUpcE } from './upc-e';
