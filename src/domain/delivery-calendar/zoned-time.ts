// Wall time in an IANA zone ↔ instant, with Intl.DateTimeFormat only (no time-zone library in the bundle).
//
// Daylight-saving decisions (the same as Temporal's "compatible" disambiguation and java.time):
// - a wall time that does not exist (spring gap, Berlin 29 Mar 2026 02:30) moves forward by the length of
//   the gap (→ 03:30 CEST), so a cut-off never falls before the clock could show it;
// - a wall time that exists twice (autumn overlap, Berlin 25 Oct 2026 02:30) is the earlier instant (the
//   CEST one): a cut-off is never later than a buyer reading the clock could expect.
import type { IsoDate, IsoDateTime } from '../types';
import type { WallTime } from './types';

const millisecondsPerMinute = 60 * 1000;
const millisecondsPerDay = 24 * 60 * millisecondsPerMinute;
const wallTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

export class InvalidWallTimeError extends Error {
  override readonly name = 'InvalidWallTimeError';
  constructor(readonly input: string) {
    super(`not a wall time (HH:MM): "${input}"`);
  }
}

// Building a formatter is the slow part of Intl; one per zone is enough (a cache, not state: same answers).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `epochMs`, written as if it were UTC (milliseconds kept). */
function wallClockAsUtc(epochMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wholeSeconds = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour!,
    fields.minute!,
    fields.second!,
  );
  return wholeSeconds + (((epochMs % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at `epochMs`, in milliseconds (Berlin in summer: +7 200 000). */
function offsetAt(epochMs: number, timeZone: string): number {
  return wallClockAsUtc(epochMs, timeZone) - epochMs;
}

function parseWallTime(time: WallTime): { hour: number; minute: number } {
  const match = wallTimePattern.exec(time);
  if (!match) throw new InvalidWallTimeError(time);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** Epoch milliseconds of `date` at `time` in `timeZone` (gap: forward; overlap: earlier; see above). */
export function zonedDateTimeToEpoch(date: IsoDate, time: WallTime, timeZone: string): number {
  const { hour, minute } = parseWallTime(time);
  const wall = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    hour,
    minute,
  );
  // The offsets a day before and a day after cover both sides of any change near this wall time (zones
  // change their offset at most once in two days).
  const offsetBefore = offsetAt(wall - millisecondsPerDay, timeZone);
  const offsetAfter = offsetAt(wall + millisecondsPerDay, timeZone);
  const matching = [wall - offsetBefore, wall - offsetAfter].filter(
    (instant) => wallClockAsUtc(instant, timeZone) === wall,
  );
  if (matching.length > 0) return Math.min(...matching);
  // In the gap: read the wall time with the offset from before the change, which lands after the gap.
  return wall - offsetBefore;
}

/** The instant (ISO, UTC) of `date` at `time` in `timeZone`. */
export function zonedDateTimeToInstant(date: IsoDate, time: WallTime, timeZone: string): IsoDateTime {
  return new Date(zonedDateTimeToEpoch(date, time, timeZone)).toISOString();
}

/** The calendar day in `timeZone` at `instant`. */
export function instantToZonedDate(instant: IsoDateTime | number, timeZone: string): IsoDate {
  const epochMs = typeof instant === 'number' ? instant : Date.parse(instant);
  return new Date(wallClockAsUtc(epochMs, timeZone)).toISOString().slice(0, 10);
}

/** The wall clock in `timeZone` at `instant` as "HH:MM". */
export function instantToZonedTime(instant: IsoDateTime | number, timeZone: string): WallTime {
  const epochMs = typeof instant === 'number' ? instant : Date.parse(instant);
  return new Date(wallClockAsUtc(epochMs, timeZone)).toISOString().slice(11, 16);
}
