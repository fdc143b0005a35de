/**
 * Where a value stops being plain data (a machine's context must survive `JSON.stringify` at
 * any moment, to be shown in a visualizer, stored or replayed): the first path to a function, class
 * instance (an API client, an actor ref, a File, a Date), non-finite number or cycle, or null when
 * there is none. `undefined` is allowed where JSON drops it: an optional property.
 */
export function findNonPlainData(value: unknown, path = 'context', seen = new Set<object>()): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is ${value}`;
  if (value === undefined) return null;
  if (typeof value !== 'object') return `${path} is a ${typeof value}`;
  if (seen.has(value)) return `${path} is a cycle`;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      if (item === undefined) return `${path}[${index}] is undefined`;
      const found = findNonPlainData(item, `${path}[${index}]`, seen);
      if (found) return found;
    }
  } else {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      return `${path} is a ${prototype?.constructor?.name ?? 'class instance'}`;
    for (const [key, item] of Object.entries(value)) {
      const found = findNonPlainData(item, `${path}.${key}`, seen);
      if (found) return found;
    }
  }
  seen.delete(value);
  return null;
}
