import { toIsoDate } from '../../../domain/dates';
import { toDecimal } from '../../../domain/decimal';
import type { PortalDocument } from '../../../domain/types';

/** Where an ERP invoice stands: paid, or open (overdue once its due day has passed). */
export type DocumentStanding = { state: 'paid' } | { state: 'open'; overdue: boolean };

/**
 * The standing of a document that carries an open balance (the supplier's ERP sends it for its
 * invoices), or null for any other. Overdue: something is still open and the due day lies before
 * today in the customer's own calendar.
 */
export function documentStanding(
  document: Pick<PortalDocument, 'openBalance' | 'dueOn'>,
  now: Date,
): DocumentStanding | null {
  if (document.openBalance === undefined) return null;
  const open = toDecimal(document.openBalance);
  if (!open.greaterThan(0)) return { state: 'paid' };
  return { state: 'open', overdue: document.dueOn !== undefined && document.dueOn < toIsoDate(now) };
}
