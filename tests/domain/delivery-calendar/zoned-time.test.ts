import { describe, expect, it } from 'vitest';
import {
  InvalidWallTimeError,
  instantToZonedDate,
  instantToZonedTime,
  zonedDateTimeToInstant,
} from '../../../src/domain/delivery-calendar';

describe('wall time in a zone ↔ instant', () => {
  it('reads a Berlin wall time in winter and in summer', () => {
    expect(zonedDateTimeToInstant('2026-03-28', '18:00', 'Europe/Berlin')).toBe('2026-03-28T17:00:00.000Z');
    expect(zonedDateTimeToInstant('2026-03-29', '18:00', 'Europe/Berlin')).toBe('2026-03-29T16:00:00.000Z');
    expect(zonedDateTimeToInstant('2026-07-01', '00:00', 'Europe/Istanbul')).toBe('2026-06-30T21:00:00.000Z');
    expect(zonedDateTimeToInstant('2026-07-01', '23:59', 'UTC')).toBe('2026-07-01T23:59:00.000Z');
  });

  it('moves a wall time in the spring gap forward by the gap', () => {
    // Berlin 29 Mar 2026: 02:00 CET jumps to 03:00 CEST; 02:30 is read as 03:30 CEST.
    expect(zonedDateTimeToInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantToZonedTime('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('03:30');
    expect(zonedDateTimeToInstant('2026-03-08', '02:30', 'America/New_York')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-10-04', '02:30', 'Australia/Sydney')).toBe(
      '2026-10-03T16:30:00.000Z',
    );
  });

  it('takes the earlier instant of a wall time the autumn overlap shows twice', () => {
    // Berlin 25 Oct 2026: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(zonedDateTimeToInstant('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedDateTimeToInstant('2026-11-01', '01:30', 'America/New_York')).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-04-05', '02:30', 'Australia/Sydney')).toBe(
      '2026-04-04T15:30:00.000Z',
    );
  });

  it('names the calendar day in the zone, not in UTC', () => {
    expect(instantToZonedDate('2026-12-31T23:30:00.000Z', 'Europe/Berlin')).toBe('2027-01-01');
    expect(instantToZonedDate('2026-12-31T23:30:00.000Z', 'UTC')).toBe('2026-12-31');
    expect(instantToZonedDate('2027-01-01T03:00:00.000Z', 'America/New_York')).toBe('2026-12-31');
    expect(instantToZonedDate('2026-12-31T13:00:00.000Z', 'Australia/Sydney')).toBe('2027-01-01');
  });

  it('refuses a time that is not HH:MM', () => {
    expect(() => zonedDateTimeToInstant('2026-03-28', '24:00', 'Europe/Berlin')).toThrow(
      InvalidWallTimeError,
    );
    expect(() => zonedDateTimeToInstant('2026-03-28', '6:00', 'Europe/Berlin')).toThrow(InvalidWallTimeError);
  });
});
