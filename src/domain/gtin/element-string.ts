// GS1 element strings (GS1-128 and the other GS1 symbols): AI, data, AI, data, …

import { type AiFormat, aiAt, aiFormat } from './application-identifiers';
import type { ScanFailure } from './types';

/** ASCII group separator: how a reader passes FNC1 between a variable-length field and the next AI. */
export const fnc1 = '\u001d';

export type ElementFields = { ok: true; fields: Map<string, string> } | { ok: false; reason: ScanFailure };

const badAi: ElementFields = { ok: false, reason: 'bad_ai' };

function fits(format: AiFormat, data: string): boolean {
  if (format.fixed ? data.length !== format.length : data.length < 1 || data.length > format.length) {
    return false;
  }
  // numeric fields are digits; the others GS1's printable set, never control characters or spaces
  return format.numeric ? /^\d+$/.test(data) : /^[\x21-\x7e]+$/.test(data);
}

/**
 * The fields of an element string as a reader passes it: AIs and their data run together, a
 * variable-length field ended by FNC1 (the group separator) unless it is the last one.
 */
export function readElementString(text: string): ElementFields {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    if (text[at] === fnc1) {
      at += 1;
      continue;
    }
    const found = aiAt(text, at);
    if (!found) return badAi;
    const start = at + found.ai.length;
    let end: number;
    if (found.format.fixed) {
      end = start + found.format.length;
    } else {
      const separator = text.indexOf(fnc1, start);
      end = separator === -1 ? text.length : separator;
    }
    const data = text.slice(start, end);
    if (!fits(found.format, data) || fields.has(found.ai)) return badAi;
    fields.set(found.ai, data);
    at = end;
  }
  return fields.size > 0 ? { ok: true, fields } : badAi;
}

/** The fields of the human-readable form, "(01)09501101530003(17)260131(10)AB-123". */
export function readBracketedElementString(text: string): ElementFields {
  // split keeps the captured AIs: ['', '01', '0950…', '17', '260131', …]
  const parts = text.split(/\((\d{2,4})\)/);
  if (parts[0] !== '' || parts.length < 3) return badAi;
  const fields = new Map<string, string>();
  for (let index = 1; index < parts.length; index += 2) {
    const ai = parts[index] ?? '';
    const data = parts[index + 1] ?? '';
    const format = aiFormat(ai);
    if (!format || !fits(format, data) || fields.has(ai)) return badAi;
    fields.set(ai, data);
  }
  return { ok: true, fields };
}
