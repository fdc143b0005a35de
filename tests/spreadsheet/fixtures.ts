import { type CellObject, utils, type WorkSheet, write } from '@e965/xlsx';

// Real files built the way customers' tools build them: SheetJS writes genuine .xlsx and .xls (BIFF8)
// workbooks; CSV is assembled byte by byte so encodings, byte-order marks and line endings are exact.

export type SheetRows = unknown[][];

export function sheetFromRows(rows: SheetRows): WorkSheet {
  return utils.aoa_to_sheet(rows, { cellDates: true });
}

export function workbookBytes(
  sheet: WorkSheet,
  bookType: 'xlsx' | 'xls' = 'xlsx',
  extraSheets = 0,
): Uint8Array {
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, sheet, 'Order');
  for (let index = 0; index < extraSheets; index++) {
    utils.book_append_sheet(
      workbook,
      utils.aoa_to_sheet([
        ['Stock code', 'Quantity'],
        ['OTHER-1', 99],
      ]),
      `Extra ${index}`,
    );
  }
  return new Uint8Array(write(workbook, { type: 'array', bookType }) as ArrayBuffer);
}

export function xlsxBytes(rows: SheetRows): Uint8Array {
  return workbookBytes(sheetFromRows(rows), 'xlsx');
}

export function xlsBytes(rows: SheetRows): Uint8Array {
  return workbookBytes(sheetFromRows(rows), 'xls');
}

export function setCell(sheet: WorkSheet, address: string, cell: CellObject): void {
  sheet[address] = cell;
  const range = utils.decode_range(sheet['!ref'] ?? 'A1');
  const at = utils.decode_cell(address);
  range.e.r = Math.max(range.e.r, at.r);
  range.e.c = Math.max(range.e.c, at.c);
  sheet['!ref'] = utils.encode_range(range);
}

export function utf8Bytes(text: string, withByteOrderMark = false): Uint8Array {
  const body = new TextEncoder().encode(text);
  return withByteOrderMark ? concatBytes(new Uint8Array([0xef, 0xbb, 0xbf]), body) : body;
}

/** Windows-1252 for the Latin-1 range, which is all the tests need (ä is 0xE4). */
export function windows1252Bytes(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code > 0xff) throw new Error(`not in the test's Windows-1252 range: ${char}`);
      return code;
    }),
  );
}

export function utf16LeBytesWithByteOrderMark(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    bytes[2 + index * 2] = code & 0xff;
    bytes[3 + index * 2] = code >> 8;
  }
  return bytes;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

/** Deterministic pseudo-random bytes (a fixed seed keeps a failure reproducible). */
export function pseudoRandomBytes(length: number, seed = 20261101): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

/**
 * A valid zip archive holding one stored text file: what a customer uploads when they pick a zipped folder
 * or a .docx-like file instead of a workbook.
 */
export function zipWithOneTextFile(name: string, content: string): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const data = new TextEncoder().encode(content);
  const crc = crc32(data);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true);
  local.setUint32(14, crc, true);
  local.setUint32(18, data.length, true);
  local.setUint32(22, data.length, true);
  local.setUint16(26, nameBytes.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 20, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, data.length, true);
  central.setUint32(24, data.length, true);
  central.setUint16(28, nameBytes.length, true);
  const centralOffset = 30 + nameBytes.length + data.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + nameBytes.length, true);
  end.setUint32(16, centralOffset, true);
  return concatBytes(
    new Uint8Array(local.buffer),
    nameBytes,
    data,
    new Uint8Array(central.buffer),
    nameBytes,
    new Uint8Array(end.buffer),
  );
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
