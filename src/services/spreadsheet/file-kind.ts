// The content decides how a file is read, not its name: customers rename files, and systems export CSV or
// HTML with an .xls name. The name only matters for text that could be either (see below).

export type FileKind = 'zipWorkbook' | 'compoundWorkbook' | 'markupWorkbook' | 'delimitedText';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: .xls from Excel 97 to 2003 (and encrypted .xlsx). */
const COMPOUND_FILE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function detectFileKind(bytes: Uint8Array, fileName: string): FileKind {
  if (hasPrefix(bytes, ZIP_SIGNATURE)) return 'zipWorkbook';
  if (hasPrefix(bytes, COMPOUND_FILE_SIGNATURE)) return 'compoundWorkbook';
  // Many ERPs "export to Excel" as an HTML table or SpreadsheetML 2003 saved as .xls. Only for that name is
  // markup handed to the workbook reader; a .csv starting with "<" is still read as CSV.
  if (fileExtension(fileName) === 'xls' && startsWithMarkup(bytes)) return 'markupWorkbook';
  return 'delimitedText';
}

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function startsWithMarkup(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8')
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

function hasPrefix(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
