import * as z from 'zod/mini';
import type { HttpClient } from './client';
import {
  reportedLineWire,
  type StaffSuborderWire,
  type SuborderEventWire,
  staffSuborderListWire,
  suborderHistoryWire,
} from './wire/staff-suborders';

export interface StaffSuborder {
  /** how the ERP names it: its own number once it gave one, else "SO-<id>" */
  reference: string;
  id: number;
  orderId: number;
  /** a state of the suborder's chart; a newer server's state comes as it is named */
  state: string;
  companyName: string | null;
  warehouseName: string | null;
  eta: string | null;
  deliveryNoteNumber: string | null;
}

export interface ReportedLine {
  lineId: number;
  /** decimal text; null when the report named only a substitute */
  deliveredQuantity: string | null;
  substitute: { product: string; quantity: string; unit: string | null } | null;
}

/** What a report carried beyond its type, field by field; `other` the fields this console does not know. */
export interface SuborderEventDetails {
  /** the state the report moved the suborder from */
  previousState: string | null;
  /** the ERP's own id of the report */
  reportId: string | null;
  eta: string | null;
  deliveryNoteNumber: string | null;
  externalId: string | null;
  reason: string | null;
  document: string | null;
  lines: ReportedLine[];
  other: Array<{ name: string; value: string }>;
}

export interface SuborderEvent {
  id: number;
  type: string;
  /** the suborder's state after the report */
  state: string;
  occurredAt: string;
  recordedAt: string;
  details: SuborderEventDetails;
}

export interface SuborderHistory {
  suborder: StaffSuborder;
  /** in the order they happened */
  events: SuborderEvent[];
}

type CallOptions = { signal?: AbortSignal | undefined };

export interface StaffSuborderApi {
  /** the order's suborders (none for an order that has none or does not exist) */
  subordersOfOrder(orderId: number, options?: CallOptions): Promise<StaffSuborder[]>;
  /** a suborder by its reference with the reports the ERP made of it; 404 for an unknown one */
  suborderHistory(reference: string, options?: CallOptions): Promise<SuborderHistory>;
}

const toSuborder = (w: StaffSuborderWire): StaffSuborder => ({
  reference: w.reference,
  id: w.id,
  orderId: w.order_id,
  state: w.state,
  companyName: w.company_name,
  warehouseName: w.warehouse_name,
  eta: w.eta,
  deliveryNoteNumber: w.delivery_note_number,
});

const knownDetails = new Set([
  'previous_state',
  'report_id',
  'eta',
  'delivery_note_number',
  'external_id',
  'reason',
  'document',
  'lines',
]);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const named = (value: string | number | { name: string }) =>
  typeof value === 'object' ? value.name : String(value);

function toLines(value: unknown): ReportedLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line) => {
    const parsed = z.safeParse(reportedLineWire, line);
    if (!parsed.success) return [];
    const { line_id, delivered_quantity, substitute } = parsed.data;
    return [
      {
        lineId: line_id,
        deliveredQuantity: delivered_quantity == null ? null : String(delivered_quantity),
        substitute: substitute
          ? {
              product: named(substitute.product),
              quantity: String(substitute.quantity),
              unit: substitute.unit == null ? null : named(substitute.unit),
            }
          : null,
      },
    ];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The details as an object: stored JSON text read, anything else kept as one field of its own. */
function readDetails(raw: unknown): Record<string, unknown> {
  if (raw == null || raw === '') return {};
  if (isRecord(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) return parsed;
    } catch {
      // not JSON: shown as it came
    }
  }
  return { details: raw };
}

function toDetails(raw: unknown): SuborderEventDetails {
  const details = readDetails(raw);
  return {
    previousState: text(details.previous_state),
    reportId: text(details.report_id),
    eta: text(details.eta),
    deliveryNoteNumber: text(details.delivery_note_number),
    externalId: text(details.external_id),
    reason: text(details.reason),
    document: text(details.document),
    lines: toLines(details.lines),
    other: Object.entries(details)
      .filter(([name, value]) => !knownDetails.has(name) && value != null && value !== '')
      .map(([name, value]) => ({ name, value: typeof value === 'string' ? value : JSON.stringify(value) })),
  };
}

const toEvent = (w: SuborderEventWire): SuborderEvent => ({
  id: w.id,
  type: w.type,
  state: w.state,
  occurredAt: w.occurred_at,
  recordedAt: w.recorded_at,
  details: toDetails(w.details),
});

/** The suborder calls of the staff API client; `signedIn` tells the session of a refused token. */
export function staffSuborderCalls(
  http: HttpClient,
  signedIn: <T>(run: () => Promise<T>) => Promise<T>,
): StaffSuborderApi {
  return {
    subordersOfOrder: (orderId, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'get', path: `staff/suborders?order=${orderId}`, signal },
          staffSuborderListWire,
          (w) => w.suborders.map(toSuborder),
        ),
      ),
    suborderHistory: (reference, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'get', path: `staff/suborders/${encodeURIComponent(reference)}/events`, signal },
          suborderHistoryWire,
          (w) => ({ suborder: toSuborder(w.suborder), events: w.events.map(toEvent) }),
        ),
      ),
  };
}
