import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { toDecimal } from '../../../src/domain/decimal';
import {
  type SuborderLifeState,
  type SuborderReportType,
  suborderReportTypes,
  suborderStateAfter,
} from '../../../src/machines/orders/suborder-life';

/**
 * The portal's integration API as the ERP simulator sees it, small enough to read: it hands out a
 * webhook secret, checks each suborder report against the suborder chart (409 for an impossible
 * one, as the portal does), keeps the documents, and records every call in order. A report type can
 * be held back until the test lets it go, so a test can place an event between two reports.
 */
export interface FakePortal {
  url: string;
  secret: string;
  reports: { reference: string; body: Record<string, unknown> }[];
  documents: Map<string, Record<string, unknown>>;
  retired: number[];
  /** the state of a suborder as the fake portal has it (processing until reported) */
  states: Map<string, SuborderLifeState>;
  /** the next report of `type` for `reference` waits until the returned function is called */
  hold(reference: string, type: SuborderReportType): { arrived: Promise<void>; release: () => void };
  reportsOf(reference: string): Record<string, unknown>[];
  close(): Promise<void>;
}

const ENDPOINT_ID = 7;
export const FAKE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export async function startFakePortal(): Promise<FakePortal> {
  const reports: FakePortal['reports'] = [];
  const documents = new Map<string, Record<string, unknown>>();
  const retired: number[] = [];
  const states = new Map<string, SuborderLifeState>();
  const held = new Map<string, { arrive: () => void; released: Promise<void> }>();
  const app = new Hono().basePath('/api/integration/v1');

  app.post('/webhook-endpoints', async (c) => {
    const { url } = (await c.req.json()) as { url: string };
    return c.json({ endpoint: { id: ENDPOINT_ID, url }, secret: FAKE_SECRET }, 201);
  });
  app.delete('/webhook-endpoints/:id', (c) => {
    retired.push(Number(c.req.param('id')));
    return c.body(null, 204);
  });
  app.put('/documents/:externalId', async (c) => {
    const externalId = c.req.param('externalId');
    documents.set(externalId, (await c.req.json()) as Record<string, unknown>);
    return c.json({ id: documents.size, external_id: externalId }, 201);
  });
  app.post('/suborders/:reference/events', async (c) => {
    const reference = c.req.param('reference');
    const body = (await c.req.json()) as Record<string, unknown> & { type: SuborderReportType };
    const hold = held.get(`${reference} ${body.type}`);
    if (hold) {
      held.delete(`${reference} ${body.type}`);
      hold.arrive();
      await hold.released;
    }
    const current = states.get(reference) ?? 'processing';
    const next = body.type in suborderReportTypes ? suborderStateAfter(current, body.type) : null;
    if (next === null)
      return c.json(
        {
          code: 'illegal_transition',
          detail: `A suborder in state "${current}" cannot be reported "${body.type}".`,
          current_state: current,
        },
        409,
      );
    states.set(reference, next);
    reports.push({ reference, body });
    return c.json(
      { reference, state: next, previous_state: current, event: { type: body.type, state: next } },
      201,
    );
  });

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secret: FAKE_SECRET,
    reports,
    documents,
    retired,
    states,
    hold(reference, type) {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held.set(`${reference} ${type}`, { arrive, released });
      return { arrived, release };
    },
    reportsOf: (reference) =>
      reports.filter((report) => report.reference === reference).map((report) => report.body),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/**
 * Posts an event to a receiver as the portal does: the body signed with `secret` under `id`;
 * `sentBody` sends another body under that signature (one changed on the way).
 */
export async function postSignedEvent(
  url: string,
  event: unknown,
  options: { id: string; secret?: string; sentBody?: string },
): Promise<Response> {
  const body = JSON.stringify(event);
  // one moment for the signature and the header: two clock reads may fall either side of a second
  const sentAt = new Date();
  const signature = new Webhook(options.secret ?? FAKE_SECRET).sign(options.id, sentAt, body);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': options.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: options.sentBody ?? body,
  });
}

/** A suborder's total as the portal states it: its lines' amounts and deposits and its charges. */
function suborderTotal(suborder: {
  lines: { amount: string; deposit_amount?: string }[];
  extra_charges?: { amount: string }[];
}): string {
  const amounts = [
    ...suborder.lines.flatMap((line) => [line.amount, line.deposit_amount ?? '0']),
    ...(suborder.extra_charges ?? []).map((charge) => charge.amount),
  ];
  return amounts.reduce((sum, amount) => sum.plus(amount), toDecimal('0')).toFixed(2);
}

/** An order event shaped as the portal sends it (contract "Order event"). */
export function orderEvent(
  type: 'order.placed' | 'order.amended' | 'order.cancelled',
  order: {
    id: number;
    version?: number;
    companyExternalId?: string | null;
    priceBasis?: 'net' | 'gross';
    suborders: {
      reference: string;
      lines: {
        line_id: number;
        quantity: string;
        amount: string;
        deposit_amount?: string;
        tax_rate_percent: string;
        name?: string;
      }[];
      extra_charges?: { name: string; amount: string; tax_rate_percent: string }[];
    }[];
  },
) {
  return {
    type,
    timestamp: '2026-11-28T09:00:00.000Z',
    data: {
      order: {
        id: order.id,
        version: order.version ?? 1,
        cancelled: type === 'order.cancelled',
        created_at: '2026-11-28T09:00:00.000Z',
        expected_delivery_date: '2026-12-01',
        customer_note: '',
        price_basis: order.priceBasis ?? 'net',
        company: {
          id: 3,
          external_id: order.companyExternalId === undefined ? 'CUST-1001' : order.companyExternalId,
          name: 'Gasthaus Linde',
        },
        user: { id: 5, external_id: null, email: 'buyer@example.test', name: 'Berta Buyer' },
        delivery_address: null,
        totals: { subtotal: '0', tax: '0', deposit_total: '0', total: '0' },
        suborders: order.suborders.map((suborder, index) => ({
          reference: suborder.reference,
          warehouse: { id: index + 1, name: `Warehouse ${index + 1}` },
          estimated_delivery_date: '2026-12-01',
          total: suborderTotal(suborder),
          lines: suborder.lines.map((line) => ({
            line_id: line.line_id,
            product: {
              id: line.line_id,
              external_id: null,
              stock_code: `P-${line.line_id}`,
              name: line.name ?? 'Ayran 250 ml',
            },
            quantity: line.quantity,
            unit: { id: 2, name: 'Box', gtin: null },
            amount: line.amount,
            deposit_amount: line.deposit_amount ?? '0.00',
            tax_rate_percent: line.tax_rate_percent,
          })),
          extra_charges: (suborder.extra_charges ?? []).map((charge) => ({
            code: null,
            tax_amount: null,
            ...charge,
          })),
        })),
      },
    },
  };
}
