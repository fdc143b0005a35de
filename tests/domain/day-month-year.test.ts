import { describe, expect, it } from 'vitest';
import { dayMonthYearToIso, isoToDayMonthYear } from '../../src/domain/day-month-year';

describe('the delivery date as the app writes it', () => {
  it('writes yyyy-mm-dd as dd.mm.yyyy and leaves other text alone', () => {
    expect(isoToDayMonthYear('2026-12-03')).toBe('03.12.2026');
    expect(isoToDayMonthYear('03.12.20')).toBe('03.12.20');
    expect(isoToDayMonthYear('')).toBe('');
  });

  it('reads d.m.yyyy and dd.mm.yyyy, Arabic-Indic digits too', () => {
    expect(dayMonthYearToIso('03.12.2026')).toBe('2026-12-03');
    expect(dayMonthYearToIso(' 3.2.2027 ')).toBe('2027-02-03');
    expect(dayMonthYearToIso('٠٣.١٢.٢٠٢٦')).toBe('2026-12-03');
  });

  it('reads nothing that is not a whole, real day', () => {
    for (const text of ['31.02.2027', '03.12.26', '2026-12-03', '12/03/2026', '03.12.2026x', ''])
      expect(dayMonthYearToIso(text), text).toBeNull();
  });
});
