import { describe, expect, it } from 'vitest';
import {
  gtinCheckDigit,
  gtinSpellings,
  parseScannedCode,
  toGtin14,
  unitForGtin,
} from '../../src/domain/gtin';

const today = new Date('2026-11-28T12:00:00Z');
const parse = (text: string, format?: Parameters<typeof parseScannedCode>[1] extends infer O ? O : never) =>
  parseScannedCode(text, { today, ...(format ?? {}) });

describe('GS1 check digit', () => {
  it('gives the published check digits', () => {
    // EAN-13 4006381333931, EAN-8 96385074, UPC-A 036000291452 and GS1's example GTIN 09501101530003
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('0950110153000')).toBe(3);
    expect(gtinCheckDigit('0950600013435')).toBe(2);
  });

  it('does not change with leading zeros', () => {
    expect(gtinCheckDigit('0000009638507')).toBe(gtinCheckDigit('9638507'));
  });
});

describe('a code as GTIN-14', () => {
  it('pads every GTIN length to 14 digits', () => {
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toGtin14('96385074')).toBe('00000096385074');
    expect(toGtin14('036000291452')).toBe('00036000291452');
    expect(toGtin14('09501101530003')).toBe('09501101530003');
  });

  it('refuses a wrong check digit, another length or letters', () => {
    expect(toGtin14('4006381333932')).toBeNull();
    expect(toGtin14('40063813339')).toBeNull();
    expect(toGtin14('400638133393A')).toBeNull();
    expect(toGtin14('')).toBeNull();
  });
});

describe('the lengths a GTIN-14 can be written in', () => {
  it('drops leading zeros down to EAN-13, UPC-A and EAN-8 only where they are zeros', () => {
    expect(gtinSpellings('14006381333938')).toEqual(['14006381333938']);
    expect(gtinSpellings('04006381333931')).toEqual(['04006381333931', '4006381333931']);
    expect(gtinSpellings('00036000291452')).toEqual(['00036000291452', '0036000291452', '036000291452']);
    expect(gtinSpellings('00000096385074')).toEqual([
      '00000096385074',
      '0000096385074',
      '000096385074',
      '96385074',
    ]);
  });
});

describe('reading plain GTIN barcodes', () => {
  it('reads an EAN-13', () => {
    expect(parse('4006381333931')).toEqual({ ok: true, gtin: '04006381333931', symbology: 'ean13' });
  });

  it('reads an EAN-8, also when the reader does not say which eight-digit symbol it saw', () => {
    expect(parse('96385074')).toEqual({ ok: true, gtin: '00000096385074', symbology: 'ean8' });
    expect(parse('96385074', { format: 'ean_8' })).toEqual({
      ok: true,
      gtin: '00000096385074',
      symbology: 'ean8',
    });
  });

  it('reads a UPC-A, also with the leading zero an EAN-13 reader adds', () => {
    expect(parse('036000291452')).toEqual({ ok: true, gtin: '00036000291452', symbology: 'upca' });
    expect(parse('0036000291452', { format: 'upc_a' })).toEqual({
      ok: true,
      gtin: '00036000291452',
      symbology: 'upca',
    });
  });

  it('reads an ITF-14 case code', () => {
    expect(parse('14006381333938', { format: 'itf' })).toEqual({
      ok: true,
      gtin: '14006381333938',
      symbology: 'gtin14',
    });
  });

  it('trims whitespace and ignores the gaps printed under a code', () => {
    expect(parse('  4 006381 333931\n')).toMatchObject({ ok: true, gtin: '04006381333931' });
  });

  it('reads a code typed with Arabic-Indic digits', () => {
    expect(parse('٤٠٠٦٣٨١٣٣٣٩٣١')).toMatchObject({ ok: true, gtin: '04006381333931' });
  });

  it('reads a symbology identifier in front of a plain code', () => {
    expect(parse(']E04006381333931')).toMatchObject({ ok: true, gtin: '04006381333931', symbology: 'ean13' });
    expect(parse(']I114006381333938')).toMatchObject({ ok: true, gtin: '14006381333938' });
  });
});

describe('UPC-E', () => {
  // one case for each way the last data digit places the suppressed zeros
  it.each([
    ['04252614', '00042100005264'], // the textbook example, last digit 1
    ['01234514', '00012100003454'], // 0-2: manufacturer ends in the digit, then 0000
    ['01234531', '00012300000451'], // 3
    ['01234543', '00012340000053'], // 4
    ['01234565', '00012345000065'], // 5-9
    ['11234579', '00112345000079'], // number system 1
  ])('expands %s to the UPC-A in %s', (code, gtin) => {
    expect(parse(code, { format: 'upc_e' })).toEqual({ ok: true, gtin, symbology: 'upce' });
  });

  it('reads the same eight digits as an EAN-8 when the reader does not say UPC-E', () => {
    expect(parse('04252614')).toMatchObject({ ok: false, reason: 'bad_check_digit' });
  });

  it('refuses a wrong check digit', () => {
    expect(parse('04252615', { format: 'upc_e' })).toEqual({ ok: false, reason: 'bad_check_digit' });
  });

  it('refuses a number system other than 0 or 1', () => {
    expect(parse('24252614', { format: 'upc_e' })).toEqual({ ok: false, reason: 'no_gtin' });
  });
});

describe('GS1-128 element strings', () => {
  const gtin = '09501101530003';

  it('reads the bracketed human-readable form', () => {
    expect(parse('(01)09501101530003(17)260131(10)AB-123')).toEqual({
      ok: true,
      gtin,
      symbology: 'gs1-128',
      expiry: '2026-01-31',
      batch: 'AB-123',
    });
  });

  it('reads the symbology identifier ]C1 with a batch at the end and no FNC1 after it', () => {
    expect(parse(']C101095011015300031726013110ABC')).toEqual({
      ok: true,
      gtin,
      symbology: 'gs1-128',
      expiry: '2026-01-31',
      batch: 'ABC',
    });
  });

  it('reads FNC1 (group separator) after a variable-length batch', () => {
    expect(parse(']C1010950110153000310ABC\u001d3712')).toEqual({
      ok: true,
      gtin,
      symbology: 'gs1-128',
      batch: 'ABC',
      count: 12,
    });
  });

  it('reads an element string without symbology identifier', () => {
    expect(parse('010950110153000310LOT7\u001d17270615')).toEqual({
      ok: true,
      gtin,
      symbology: 'gs1-128',
      batch: 'LOT7',
      expiry: '2027-06-15',
    });
    expect(parse('0109501101530003')).toEqual({ ok: true, gtin, symbology: 'gs1-128' });
  });

  it('reads the element string of a GS1 DataMatrix or GS1 QR code the same way', () => {
    expect(parse(']d2010950110153000317260131')).toMatchObject({ ok: true, gtin, expiry: '2026-01-31' });
    expect(parse(']Q301095011015300031012\u001d3030')).toMatchObject({
      ok: true,
      gtin,
      batch: '12',
      count: 30,
    });
  });

  it('reads a leading FNC1 and an FNC1 after a fixed-length field', () => {
    expect(parse('\u001d0109501101530003\u001d3024')).toMatchObject({ ok: true, gtin, count: 24 });
  });

  it("takes the content's GTIN (AI 02) and count (AI 37) of a logistic unit", () => {
    // GS1's SSCC example 106141412345678908 on a pallet of 24 cases
    expect(parse('(00)106141412345678908(02)09501101530003(37)24')).toEqual({
      ok: true,
      gtin,
      symbology: 'gs1-128',
      count: 24,
    });
  });

  it('reads net weights, dates and other fixed-length AIs before a variable one', () => {
    expect(parse(']C101095011015300033103001250112512011526123110XYZ\u001d21SER1')).toEqual({
      ok: true,
      gtin,
      symbology: 'gs1-128',
      batch: 'XYZ',
    });
    expect(parse('(01)09501101530003(15)261231(410)9501101530003(240)PART-9')).toMatchObject({
      ok: true,
      gtin,
    });
  });

  it('reads day 00 as the last day of the month', () => {
    expect(parse('(01)09501101530003(17)280200')).toMatchObject({ expiry: '2028-02-29' });
    expect(parse('(01)09501101530003(17)270200')).toMatchObject({ expiry: '2027-02-28' });
  });

  it("puts a two-digit year in GS1's window around today", () => {
    expect(parse('(01)09501101530003(17)761231')).toMatchObject({ expiry: '2076-12-31' });
    expect(parse('(01)09501101530003(17)771231')).toMatchObject({ expiry: '1977-12-31' });
  });

  it('refuses an element string without a GTIN', () => {
    expect(parse('(00)106141412345678908(37)24')).toEqual({ ok: false, reason: 'no_gtin' });
    expect(parse(']C110ABC')).toEqual({ ok: false, reason: 'no_gtin' });
  });

  it('refuses a GTIN in it with a wrong check digit', () => {
    expect(parse('(01)09501101530004(10)ABC')).toEqual({ ok: false, reason: 'bad_check_digit' });
  });

  it('refuses unknown AIs, short fields, letters in numeric fields, impossible dates and repeated AIs', () => {
    for (const text of [
      '(01)09501101530003(99',
      '(01)0950110153000',
      '(01)09501101530003(05)12',
      '(01)09501101530003(37)1A',
      '(01)09501101530003(17)261301',
      '(01)09501101530003(17)260230',
      '(01)09501101530003(10)',
      '(01)09501101530003(10)ABCDEFGHIJKLMNOPQRSTU',
      '(01)09501101530003(01)09501101530003',
      ']C101095011015300031726',
      ']C1',
      '0109501101530003XYZ',
    ]) {
      expect({ text, result: parse(text) }).toEqual({ text, result: { ok: false, reason: 'bad_ai' } });
    }
  });
});

describe('codes that are no GTIN', () => {
  it('says why', () => {
    expect(parse('')).toEqual({ ok: false, reason: 'empty' });
    expect(parse('   \t')).toEqual({ ok: false, reason: 'empty' });
    expect(parse('ABC-123')).toEqual({ ok: false, reason: 'not_digits' });
    expect(parse('12345')).toEqual({ ok: false, reason: 'bad_length' });
    expect(parse('12345678901')).toEqual({ ok: false, reason: 'bad_length' });
    expect(parse('123456789012345')).toEqual({ ok: false, reason: 'bad_length' });
    expect(parse('4006381333932')).toEqual({ ok: false, reason: 'bad_check_digit' });
    expect(parse('96385075')).toEqual({ ok: false, reason: 'bad_check_digit' });
  });
});

describe('the unit a GTIN names', () => {
  // the seed's pattern: the piece carries the EAN-13, the box indicator 1, the pallet indicator 2
  const units = [
    { unit: 1, gtin: '4006381333931' },
    { unit: 2, gtin: '14006381333938' },
    { unit: 3, gtin: '24006381333935' },
    { unit: 4, gtin: null },
  ];

  it('selects the box for the case code and the piece for the unit code', () => {
    expect(unitForGtin(units, '14006381333938')).toBe(2);
    expect(unitForGtin(units, '24006381333935')).toBe(3);
    expect(unitForGtin(units, '04006381333931')).toBe(1);
  });

  it('takes a GTIN-14 with indicator digit 0 as its EAN-13, whichever side is written how', () => {
    expect(unitForGtin(units, '4006381333931')).toBe(1);
    expect(unitForGtin([{ unit: 7, gtin: '04006381333931' }], '4006381333931')).toBe(7);
    expect(unitForGtin([{ unit: 8, gtin: '036000291452' }], '00036000291452')).toBe(8);
  });

  it('finds no unit for another code, an invalid code or units without codes', () => {
    expect(unitForGtin(units, '09501101530003')).toBeNull();
    expect(unitForGtin(units, '14006381333939')).toBeNull();
    expect(unitForGtin([{ unit: 4, gtin: null }], '04006381333931')).toBeNull();
  });
});
