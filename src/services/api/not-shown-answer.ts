import * as z from 'zod/mini';
import type { CallSpec, HttpClient } from './client';

/**
 * Runs a call whose answer spec point 7 leaves "not shown": any 2xx is success whatever its body
 * (empty, `{}`, a 204). A body in the shape `schema` reads (the reference server's) is used, so a
 * server that does send the stored record is followed; anything else gives `sent()`, what the caller
 * sent, because that is what the backend accepted.
 */
export async function notShownAnswer<S extends z.core.$ZodType, T>(
  http: HttpClient,
  spec: CallSpec,
  schema: S,
  map: (wire: z.output<S>) => T,
  sent: () => T,
): Promise<T> {
  // blob() runs the call like call() (errors included) but leaves the body unread, so an empty one is no failure.
  const text = await (await http.blob(spec)).text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return sent();
  }
  const parsed = z.safeParse(schema, body);
  return parsed.success ? map(parsed.data) : sent();
}
