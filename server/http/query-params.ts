import type { Context } from 'hono';
import { badRequest } from './api-error';

interface IntegerRule {
  min: number;
  max?: number;
}

/**
 * Whole-number query parameters, all checked at once so one 400 names every bad parameter.
 * Absent parameters come back undefined.
 */
export function integerParams<Name extends string>(
  c: Context,
  rules: Record<Name, IntegerRule>,
): Partial<Record<Name, number>> {
  const values: Partial<Record<Name, number>> = {};
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(rules) as Name[]) {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') continue;
    const { min, max } = rules[name];
    const value = Number(raw);
    if (
      !/^\d+$/.test(raw) ||
      !Number.isSafeInteger(value) ||
      value < min ||
      (max !== undefined && value > max)
    ) {
      errors[name] = [
        `Expected a whole number${max === undefined ? ` of at least ${min}` : ` from ${min} to ${max}`}.`,
      ];
    } else values[name] = value;
  }
  if (Object.keys(errors).length) throw badRequest('Invalid query parameters.', errors);
  return values;
}
