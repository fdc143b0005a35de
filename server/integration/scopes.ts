import type { ImportKind } from '../db/schema';
import type { IntegrationScope } from '../imports/import-kind';

/** Every scope a key can hold, in the order the staff console and the documentation list them. */
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
] as const satisfies readonly IntegrationScope[];

/** The scope that lets a key load (and read the jobs of) each kind. */
export const scopeOfKind: Readonly<Record<ImportKind, IntegrationScope>> = {
  products: 'catalogue:write',
  prices: 'prices:write',
  assortments: 'assortments:write',
  customers: 'customers:write',
};

export const hasScope = (scopes: readonly IntegrationScope[], scope: IntegrationScope) =>
  scopes.includes(scope);

/** A key reads a job it may load, or any job with `jobs:read` (a monitoring system). */
export const mayReadKind = (scopes: readonly IntegrationScope[], kind: ImportKind) =>
  hasScope(scopes, 'jobs:read') || hasScope(scopes, scopeOfKind[kind]);
