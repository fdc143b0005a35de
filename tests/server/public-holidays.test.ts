import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  hamburgPublicHolidays,
  publicHolidaysForNextTwelveMonths,
} from '../../server/seed/public-holidays';

// Pure dates: the same on either engine (no database involved).

describe('easterSunday (Gregorian computus)', () => {
  it('gives the known Easter Sundays, including the earliest and latest possible', () => {
    expect([2024, 2025, 2026, 2027, 2028, 2038, 2285].map((year) => [year, easterSunday(year)])).toEqual([
      [2024, '2024-03-31'],
      [2025, '2025-04-20'],
      [2026, '2026-04-05'],
      [2027, '2027-03-28'],
      [2028, '2028-04-16'],
      [2038, '2038-04-25'],
      [2285, '2285-03-22'],
    ]);
  });
});

describe('Hamburg public holidays', () => {
  it('lists the ten holidays of 2026 on their dates, for region DE-HH', () => {
    expect(hamburgPublicHolidays(2026).map(({ date, name }) => [date, name])).toEqual([
      ['2026-01-01', "New Year's Day"],
      ['2026-04-03', 'Good Friday'],
      ['2026-04-06', 'Easter Monday'],
      ['2026-05-01', 'Labour Day'],
      ['2026-05-14', 'Ascension Day'],
      ['2026-05-25', 'Whit Monday'],
      ['2026-10-03', 'German Unity Day'],
      ['2026-10-31', 'Reformation Day'],
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-26', 'Second Day of Christmas'],
    ]);
    expect(new Set(hamburgPublicHolidays(2026).map(({ kind, region }) => `${kind} ${region}`))).toEqual(
      new Set(['publicHoliday DE-HH']),
    );
  });

  it('lists the holidays of 2027, when Easter falls in March', () => {
    expect(hamburgPublicHolidays(2027).map(({ date }) => date)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-17',
      '2027-10-03',
      '2027-10-31',
      '2027-12-25',
      '2027-12-26',
    ]);
  });

  it('gives the next twelve months from a date: from it, up to the day before the same day next year', () => {
    expect(publicHolidaysForNextTwelveMonths('2026-11-27').map(({ date }) => date)).toEqual([
      '2026-12-25',
      '2026-12-26',
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-17',
      '2027-10-03',
      '2027-10-31',
    ]);
    expect(publicHolidaysForNextTwelveMonths('2026-12-25').map(({ date }) => date)).toEqual([
      '2026-12-25',
      '2026-12-26',
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-17',
      '2027-10-03',
      '2027-10-31',
    ]);
    expect(publicHolidaysForNextTwelveMonths('2027-01-01')).toEqual(hamburgPublicHolidays(2027));
  });
});
