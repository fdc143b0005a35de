import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { createIntegrationKey } from '../../../server/integration/keys';
import { companyIds } from '../../../server/seed/accounts';
import { startTestServer, type TestServer } from './test-server';

export const DOCUMENTS = '/api/integration/v1/documents';

/** A PDF as far as the portal looks into one: its signature, then whatever marks it as this one. */
export const aPdf = (mark: string) => Buffer.from(`%PDF-1.7\n% ${mark}\n%%EOF\n`, 'latin1');

export interface Answer {
  status: number;
  body: Record<string, unknown> & { errors?: Record<string, string[]> };
}

/**
 * The seeded portal and an ERP calling PUT/GET /documents with a key holding `documents:write`
 * (`put(…, { key: 'other' })` calls with a key that has every other scope).
 */
export interface FinanceDocumentsHarness {
  server: TestServer;
  db: Kysely<Database>;
  put(externalId: string, body: unknown, options?: { key?: 'erp' | 'other' | 'none' }): Promise<Answer>;
  get(externalId: string, options?: { key?: 'erp' | 'other' | 'none' }): Promise<Answer>;
  /** ids of a company's seeded orders, oldest first */
  ordersOf(company: keyof typeof companyIds): Promise<number[]>;
  close(): Promise<void>;
}

export async function startFinanceDocumentsHarness(): Promise<FinanceDocumentsHarness> {
  const server = await startTestServer();
  const { db } = server.database;
  const now = server.clock.now();
  const keys = {
    erp: (await createIntegrationKey(db, { name: 'erp', scopes: ['documents:write'], createdBy: 'cli', now }))
      .secret,
    other: (
      await createIntegrationKey(db, {
        name: 'pim',
        scopes: ['catalogue:write', 'prices:write', 'events:read', 'suborders:write', 'webhooks:write'],
        createdBy: 'cli',
        now,
      })
    ).secret,
  };
  const call = async (
    method: string,
    externalId: string,
    body: unknown,
    key: 'erp' | 'other' | 'none' = 'erp',
  ): Promise<Answer> => {
    const response = await server.app.request(
      `${DOCUMENTS}/${encodeURIComponent(externalId)}`,
      {
        method,
        headers: {
          ...(key === 'none' ? {} : { Authorization: `Bearer ${keys[key]}` }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      },
      { incoming: { socket: { remoteAddress: '198.51.100.20' } } },
    );
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
  return {
    server,
    db,
    put: (externalId, body, options = {}) => call('PUT', externalId, body, options.key),
    get: (externalId, options = {}) => call('GET', externalId, undefined, options.key),
    async ordersOf(company) {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('company_id', '=', companyIds[company])
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },
    close: () => server.close(),
  };
}

/** An invoice of Lindenhof (CUST-1001) for `orders`, with `overrides`. */
export const anInvoice = (orders: number[], overrides: Record<string, unknown> = {}) => ({
  kind: 'invoice',
  number: 'RE-2026-0042',
  company: 'CUST-1001',
  orders,
  issued_on: '2026-11-20',
  due_on: '2026-12-04',
  net_total: '100.00',
  tax_total: '19.00',
  gross_total: '119.00',
  open_balance: '119.00',
  ...overrides,
});
