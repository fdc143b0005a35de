// The GS1 application identifiers (AIs) a scanned element string may hold, and how long their data is.

/** How an AI's data is written: a fixed number of characters, or up to `length` ended by FNC1 (or the end). */
export interface AiFormat {
  readonly fixed: boolean;
  readonly length: number;
  readonly numeric: boolean;
}

const fixed = (length: number): AiFormat => ({ fixed: true, length, numeric: true });
const upTo = (length: number, numeric = false): AiFormat => ({ fixed: false, length, numeric });

const twoDigit: Record<string, AiFormat> = {
  '00': fixed(18), // SSCC
  '01': fixed(14), // GTIN
  '02': fixed(14), // GTIN of the trade items contained in a logistic unit
  '03': fixed(14),
  '10': upTo(20), // batch or lot
  '11': fixed(6), // production date
  '12': fixed(6), // due date
  '13': fixed(6), // packaging date
  '15': fixed(6), // best before
  '16': fixed(6), // sell by
  '17': fixed(6), // expiration date
  '20': fixed(2), // internal product variant
  '21': upTo(20), // serial number
  '22': upTo(20),
  '30': upTo(8, true), // variable count of items
  '37': upTo(8, true), // count of trade items contained in a logistic unit
  '90': upTo(30),
};
for (let ai = 91; ai <= 99; ai += 1) twoDigit[String(ai)] = upTo(90);

const threeDigit: Record<string, AiFormat> = {
  '235': upTo(28),
  '240': upTo(30), // additional product identification
  '241': upTo(30), // customer part number
  '242': upTo(6, true),
  '243': upTo(20),
  '250': upTo(30), // secondary serial number
  '251': upTo(30), // reference to source entity
  '253': upTo(30),
  '254': upTo(20),
  '255': upTo(25, true),
  '400': upTo(30), // customer's purchase order number
  '401': upTo(30),
  '402': fixed(17),
  '403': upTo(30),
  '420': upTo(20), // ship-to postal code
  '421': upTo(12),
  '422': fixed(3), // country of origin
  '423': upTo(15, true),
  '424': fixed(3),
  '425': upTo(15, true),
  '426': fixed(3),
  '427': upTo(3),
};
// 410-417: global location numbers (ship to, bill to, …)
for (let ai = 410; ai <= 417; ai += 1) threeDigit[String(ai)] = fixed(13);
for (let ai = 710; ai <= 715; ai += 1) threeDigit[String(ai)] = upTo(20);

const fourDigit: Record<string, AiFormat> = {
  '7001': fixed(13),
  '7002': upTo(30),
  '7003': fixed(10),
  '7004': upTo(4, true),
  '7005': upTo(12),
  '7006': fixed(6),
  '7007': upTo(12, true),
  '7008': upTo(3),
  '7009': upTo(10),
  '7010': upTo(2),
  '8001': fixed(14),
  '8002': upTo(20),
  '8003': upTo(30),
  '8004': upTo(30),
  '8005': fixed(6),
  '8006': fixed(18),
  '8007': upTo(34),
  '8008': upTo(12, true),
  '8010': upTo(30),
  '8011': upTo(12, true),
  '8012': upTo(20),
  '8013': upTo(25),
  '8017': fixed(18),
  '8018': fixed(18),
  '8019': upTo(10, true),
  '8020': upTo(25),
  '8026': fixed(18),
  '8110': upTo(70),
  '8111': fixed(4),
  '8112': upTo(70),
  '8200': upTo(70),
};
// 31nn-36nn: trade measures (net weight, length, area, volume, …), the last digit the decimal places
for (let ai = 3100; ai <= 3699; ai += 1) fourDigit[String(ai)] = fixed(6);
for (let decimals = 0; decimals <= 9; decimals += 1) {
  fourDigit[`390${decimals}`] = upTo(15, true); // amount payable
  fourDigit[`391${decimals}`] = upTo(18, true); // amount payable with currency
  fourDigit[`392${decimals}`] = upTo(15, true);
  fourDigit[`393${decimals}`] = upTo(18, true);
  fourDigit[`394${decimals}`] = fixed(4);
  fourDigit[`395${decimals}`] = fixed(6);
  fourDigit[`703${decimals}`] = upTo(30);
}

/**
 * The AI that `text` begins with at `at`, and its format, or null when no known AI starts there. GS1 AIs
 * are prefix-free (no AI is the beginning of another), so the first length that matches is the AI.
 */
export function aiAt(text: string, at: number): { ai: string; format: AiFormat } | null {
  for (const [length, table] of [
    [2, twoDigit],
    [3, threeDigit],
    [4, fourDigit],
  ] as const) {
    const ai = text.slice(at, at + length);
    const format = ai.length === length ? table[ai] : undefined;
    if (format) return { ai, format };
  }
  return null;
}

/** The format of one AI, for the bracketed form where the AI is written out. */
export function aiFormat(ai: string): AiFormat | null {
  return twoDigit[ai] ?? threeDigit[ai] ?? fourDigit[ai] ?? null;
}
