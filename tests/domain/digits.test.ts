import { describe, expect, it } from 'vitest';
import { toAsciiDigits } from '../../src/domain/digits';

describe('toAsciiDigits', () => {
  it('turns Arabic-Indic and extended Arabic-Indic digits into 0-9', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('leaves everything else alone', () => {
    expect(toAsciiDigits('a1 ٢-b')).toBe('a1 2-b');
    expect(toAsciiDigits('')).toBe('');
  });
});
