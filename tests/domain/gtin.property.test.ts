import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, parseScannedCode, toGtin14 } from '../../src/domain/gtin';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length });

// a GTIN-14 body with as many leading zeros as it needs to be written in the shorter lengths too
const body = fc
  .tuple(fc.integer({ min: 0, max: 13 }), digits(13))
  .map(([zeros, rest]) => `${'0'.repeat(zeros)}${rest.join('')}`.slice(0, 13));

const withCheckDigit = (b: string) => `${b}${gtinCheckDigit(b)}`;

/** Every length the GTIN-14 can be written in: drop leading zeros down to 13, 12 and 8 digits. */
function writings(gtin14: string): string[] {
  return [14, 13, 12, 8]
    .filter((length) => /^0*$/.test(gtin14.slice(0, 14 - length)))
    .map((length) => gtin14.slice(14 - length));
}

describe('GTIN parsing (properties)', () => {
  it('reads a valid code to the same GTIN-14 from every length it can be written in', () => {
    fc.assert(
      fc.property(body, (b) => {
        const gtin14 = withCheckDigit(b);
        for (const written of writings(gtin14)) {
          expect(toGtin14(written)).toBe(gtin14);
          expect(parseScannedCode(written)).toMatchObject({ ok: true, gtin: gtin14 });
          expect(parseScannedCode(`(01)${gtin14}`)).toMatchObject({ ok: true, gtin: gtin14 });
        }
      }),
    );
  });

  it('fails the check when any one digit changes', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 9 }), (b, at, shift) => {
        const gtin14 = withCheckDigit(b);
        const changed = `${gtin14.slice(0, at)}${(Number(gtin14[at]) + shift) % 10}${gtin14.slice(at + 1)}`;
        expect(toGtin14(changed)).toBeNull();
        expect(parseScannedCode(changed)).toEqual({ ok: false, reason: 'bad_check_digit' });
      }),
    );
  });
});
