import type { ServerApp } from '../../../server/app';
import { addIsoDays, instantToZonedDate } from '../../../src/domain/delivery-calendar';

// What the delivery-day, minimum-order and order-change tests share: a week of route days far
// enough ahead, and the supplier's API as the supplier's system calls it.

/** The supplier's zone in the seed; the tests' routes read their days and cut-offs in it. */
export const BERLIN = 'Europe/Berlin';

/** The Monday (in Berlin) at least three days after today: its week's days are all still ahead. */
export function aMondayAhead(): string {
  let day = addIsoDays(instantToZonedDate(Date.now(), BERLIN), 3);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addIsoDays(day, 1);
  return day;
}

/** One call of the supplier's API (`/api/supplier…`) with its key; the answer's status and JSON body. */
export async function supplierCall(
  app: ServerApp,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await app.request(`/api/supplier${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}
