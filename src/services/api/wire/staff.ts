import * as z from 'zod/mini';
import { singleLine } from './primitives';

/**
 * The staff console's calls (/api/staff/): its sign-in, the import jobs and the integration keys.
 * Only the staff area's chunk and the server read these; the customer portal never imports them.
 */

export const staffSignInRequestWire = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(150), singleLine()),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
});

export const staffSessionWire = z.object({
  access: z.string().check(z.minLength(1)),
  expires_at: z.string(),
  name: z.string(),
  username: z.string(),
});

export const integrationScopes = [
  'catalogue:write',
  'prices:write',
  'assortments:write',
  'customers:write',
  'jobs:read',
  'events:read',
  'suborders:write',
  'documents:write',
  'webhooks:write',
] as const;
export type IntegrationScopeName = (typeof integrationScopes)[number];

export const importKinds = ['products', 'prices', 'assortments', 'customers'] as const;
export type ImportKindName = (typeof importKinds)[number];
export const importModes = ['delta', 'snapshot'] as const;
export type ImportModeName = (typeof importModes)[number];

export const importJobWire = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  mode: z.enum(importModes),
  format: z.enum(['json', 'csv', 'xlsx']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  file_name: z.string(),
  file_bytes: z.number(),
  rows_total: z.nullable(z.number()),
  rows_done: z.number(),
  applied: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  retired: z.number(),
  error: z.nullable(z.object({ code: z.string(), detail: z.string() })),
  created_by: z.string(),
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
});
export type ImportJobWire = z.infer<typeof importJobWire>;
export const importJobListWire = z.object({ results: z.array(importJobWire) });

export const reportRowWire = z.object({
  seq: z.number(),
  row_number: z.nullable(z.number()),
  external_id: z.nullable(z.string()),
  outcome: z.enum(['applied', 'unchanged', 'refused', 'retired']),
  reason: z.nullable(z.string()),
  detail: z.nullable(z.string()),
});
export type ReportRowWire = z.infer<typeof reportRowWire>;
export const reportPageWire = z.object({
  rows: z.array(reportRowWire),
  next_after: z.nullable(z.number()),
});

export const integrationKeyWire = z.object({
  id: z.number(),
  name: z.string(),
  key_prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
});
export type IntegrationKeyWire = z.infer<typeof integrationKeyWire>;
export const integrationKeyListWire = z.object({ results: z.array(integrationKeyWire) });
/** the key with its secret (written out: `z.extend` would add to the login route's shared chunk) */
export const createdKeyWire = z.object({
  id: z.number(),
  name: z.string(),
  key_prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
  key: z.string(),
});
