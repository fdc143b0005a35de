// The module's public face: what callers outside it use (its files export more for each other; the
// reader's format names, ScanFormat, are in ./types).
export { gtinCheckDigit, gtinSpellings, toGtin14 } from './check-digit';
export { parseScannedCode } from './parse';
export type { ScannedCode } from './types';
export { unitForGtin } from './unit-match';
