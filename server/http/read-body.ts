import type { Context } from 'hono';
import * as z from 'zod/mini';
import { ApiError, badRequest } from './api-error';

// zod/mini ships without messages ("Invalid input"); the server can afford the English ones.
z.config(z.locales.en());

/**
 * Reads and validates a JSON body with the same wire schema the client uses. A body that is not
 * JSON or does not fit the schema is the caller's mistake: a 400 with field errors, never a 500.
 */
export async function readJsonBody<Schema extends z.ZodMiniType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, {
      detail: 'The request body is not valid JSON.',
      code: 'malformed_json',
      errors: { non_field_errors: ['The request body is not valid JSON.'] },
    });
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data as z.infer<Schema>;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw badRequest('The request body has invalid fields.', errors);
}
