import * as z from 'zod/mini';

/**
 * What the portal can do beyond the specification's own calls (SPEC point 7's table). A supplier's
 * backend that speaks only the specification has none of them; the reference server announces what it
 * has at `GET capabilities/`. Each screen that needs one says what it does without it (docs/api.md).
 */
export const capabilityNames = [
  'brands',
  'productPages',
  'productDetail',
  'campaignDetail',
  'orderDetail',
  'orderPreview',
  'quickOrderLookup',
  'cartBulk',
  'favourites',
  'documents',
  'invoices',
  'notifications',
  'announcementReads',
  'passwordReset',
  'userManagement',
  'accountEdit',
  'revoke',
  'errorReports',
  'deliveryCalendar',
  'orderAmendment',
  'standingOrders',
  'orderGuides',
  'substitutes',
  // the product and unit a scanned GTIN names
  'barcodeLookup',
  'studio',
  // counts of the transitions customers take, reported only when the supplier turns them on
  'flowUsage',
] as const;
export type Capability = (typeof capabilityNames)[number];

const knownNames: ReadonlySet<string> = new Set(capabilityNames);
export const isCapability = (name: string): name is Capability => knownNames.has(name);

/** A name this portal does not know yet is left out, so a newer backend never breaks an older portal. */
export const capabilitiesWire = z.object({ capabilities: z.array(z.string()) });
