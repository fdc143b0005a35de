import { isApiError } from '../../services/api';

/**
 * Why the server refused a change or cancel, as plain data the view words: 409 `order_cutoff_passed`
 * (or `order_not_amendable`), 409 `order_changed`, or a 400 whose field errors name a line
 * (`items.{n}.quantity`), the day (`expected_delivery_date`) or the minimum order.
 */
export interface AmendmentRefusal {
  code: string | null;
  detail: string | null;
  fieldErrors: Record<string, string[]> | null;
}

export type RefusalKind = 'cutoffPassed' | 'changed' | 'invalid' | 'failed';

const cutoffCodes = new Set(['order_cutoff_passed', 'order_not_amendable']);

/** What a failed send means for the buyer: too late, changed elsewhere, fix the draft, or try again. */
export function refusalKind(error: unknown): RefusalKind {
  if (!isApiError(error) || error.kind !== 'http') return 'failed';
  if (error.status === 409 && error.code !== null && cutoffCodes.has(error.code)) return 'cutoffPassed';
  if (error.status === 409 && error.code === 'order_changed') return 'changed';
  if (error.status === 400) return 'invalid';
  return 'failed';
}

export function toAmendmentRefusal(error: unknown): AmendmentRefusal {
  if (!isApiError(error)) return { code: null, detail: null, fieldErrors: null };
  return { code: error.code, detail: error.detail, fieldErrors: error.fieldErrors };
}

/** The messages of a refused draft's line (`items.{index}.*`), the day's, and the rest. */
export function lineProblems(refusal: AmendmentRefusal | null, index: number): string[] {
  const errors = refusal?.fieldErrors ?? {};
  return Object.entries(errors)
    .filter(([field]) => field === `items.${index}` || field.startsWith(`items.${index}.`))
    .flatMap(([, messages]) => messages);
}

export const dayProblems = (refusal: AmendmentRefusal | null): string[] =>
  refusal?.fieldErrors?.expected_delivery_date ?? [];

/** Refusals not tied to a line or the day (the minimum order, too many lines): said above the lines. */
export function otherProblems(refusal: AmendmentRefusal | null): string[] {
  if (refusal === null) return [];
  const errors = Object.entries(refusal.fieldErrors ?? {}).filter(
    ([field]) => !/^items\.\d+/.test(field) && field !== 'expected_delivery_date',
  );
  if (errors.length > 0) return errors.flatMap(([, messages]) => messages);
  const placed = Object.keys(refusal.fieldErrors ?? {}).length > 0;
  return placed || refusal.detail === null ? [] : [refusal.detail];
}
