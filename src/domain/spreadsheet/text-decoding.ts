// Turning the bytes of a CSV or pasted file into text the way customers' tools wrote it: Excel's "CSV UTF-8"
// (with a byte-order mark), plain UTF-8 from other tools, Excel's legacy "CSV" (Windows-1252 on Western
// systems) and "Unicode text" (UTF-16 with a byte-order mark).

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  hadByteOrderMark: boolean;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: decodeWith('utf-8', bytes.subarray(3)), encoding: 'utf-8', hadByteOrderMark: true };
  }
  if (startsWith(bytes, [0xff, 0xfe])) {
    return { text: decodeWith('utf-16le', bytes.subarray(2)), encoding: 'utf-16le', hadByteOrderMark: true };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    return { text: decodeWith('utf-16be', bytes.subarray(2)), encoding: 'utf-16be', hadByteOrderMark: true };
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, encoding: 'utf-8', hadByteOrderMark: false };
  } catch {
    // Not valid UTF-8: every byte sequence is valid Windows-1252, the legacy Excel default in the West.
    return { text: decodeWith('windows-1252', bytes), encoding: 'windows-1252', hadByteOrderMark: false };
  }
}

/**
 * True when decoded "text" is really binary: any NUL, or more than 1 % control characters (C0 other than tab,
 * line feed, carriage return and form feed; C1) or replacement characters. Random bytes decode as Windows-1252 without complaint, so this is
 * what turns them into "incorrect file format" instead of a screen of garbage rows.
 */
export function looksBinary(text: string): boolean {
  if (text.length === 0) return false;
  let controls = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0) return true;
    const isC0Control = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c;
    const isC1Control = code >= 0x80 && code <= 0x9f;
    if (isC0Control || isC1Control || code === 0xfffd) {
      controls++;
    }
  }
  // A trailing Ctrl-Z (DOS end-of-file) is tolerated by the ratio for any file of a few lines.
  return controls / text.length > 0.01;
}

function decodeWith(encoding: TextEncodingName, bytes: Uint8Array): string {
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
