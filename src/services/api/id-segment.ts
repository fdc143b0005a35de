/** An id goes into a path only as a positive whole number, so no caller can smuggle in `../`. */
export function idSegment(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not an id: ${value}`);
  return String(value);
}
