import type { Kysely, Updateable } from 'kysely';
import { toDecimal } from '../../src/domain/decimal';
import {
  closedSuborderStates,
  type SuborderLifeState,
  suborderStateAfter,
} from '../../src/machines/orders/suborder-life';
import { lockRow } from '../db/row-lock';
import type { Database, SuborderEventsTable, SubordersTable } from '../db/schema';
import { ApiError, badRequest, type ErrorBody, notFound } from '../http/api-error';
import { suborderIdOf, suborderReference } from '../orders/suborder-reference';
import { isUniqueViolation } from '../orders/unique-violation';
import { quantityText } from '../queries/decimals';
import { finalizeOrderIfDone } from './finalize-order';
import { announceSuborderChange, type SuborderNotice } from './suborder-notification';
import type { DeliveredLineReport, SuborderReport, SuborderReportAnswer } from './suborder-report-wire';

const noSuchSuborder = () => notFound('No suborder has this reference.');

/** The 409 of a report the suborder's state does not allow (delivered before shipped…). */
interface IllegalTransitionRefusal extends ErrorBody {
  code: 'illegal_transition';
  current_state: string;
}

function illegalTransition(current: string, type: string) {
  const body: IllegalTransitionRefusal = {
    detail: `A suborder in state "${current}" cannot be reported "${type}".`,
    code: 'illegal_transition',
    current_state: current,
  };
  return new ApiError(409, body);
}

/** The portal's own names of suborders: an ERP number of this form would shadow another suborder. */
const PORTAL_REFERENCE = /^SO-\d+$/;

interface LockedSuborder {
  id: number;
  order_id: number;
  status: string;
  external_id: string | null;
  eta: string | null;
  delivery_note_number: string | null;
  warehouse_name: string;
}

/** What a line of a delivery report becomes on the order line. */
interface DeliveredLine {
  itemId: number;
  deliveredQuantity: string;
  fulfilled: boolean;
  substitute: { productId: number; quantity: string; unitId: number } | null;
}

type Details = Record<string, unknown>;

/** The answer to a report, fresh or stored: the event, the state it led from and to. */
function answerOf(
  suborder: { id: number; external_id: string | null },
  event: Pick<SuborderEventsTable, 'type' | 'state' | 'occurred_at'> & { id: number },
  previousState: string,
): SuborderReportAnswer {
  return {
    reference: suborderReference(suborder),
    state: event.state as SuborderLifeState,
    previous_state: previousState,
    event: {
      id: event.id,
      type: event.type,
      state: event.state as SuborderLifeState,
      occurred_at: event.occurred_at,
    },
  };
}

/**
 * The lines a delivery report names, checked against the suborder's lines: each must be one of
 * them, delivered no more than ordered, its substitute a known product (by external id, else stock
 * code) in one of its units (its smallest when none is named). Lines not named arrived in full.
 * Refused as a 400 naming each field that does not fit.
 */
async function deliveredLines(
  trx: Kysely<Database>,
  suborderId: number,
  reported: readonly DeliveredLineReport[],
): Promise<DeliveredLine[]> {
  const items = await trx
    .selectFrom('order_items')
    .select(['id', 'quantity'])
    .where('suborder_id', '=', suborderId)
    .orderBy('id')
    .execute();
  const named = [...new Set(reported.flatMap((line) => (line.substitute ? [line.substitute.product] : [])))];
  const products =
    named.length === 0
      ? []
      : await trx
          .selectFrom('products')
          .select(['id', 'external_id', 'stock_code'])
          .where((eb) => eb.or([eb('external_id', 'in', named), eb('stock_code', 'in', named)]))
          .execute();
  const productOf = (name: string) =>
    products.find((product) => product.external_id === name) ??
    products.find((product) => product.stock_code === name);
  const units =
    products.length === 0
      ? []
      : await trx
          .selectFrom('product_units')
          .select(['product_id', 'unit_id', 'amount'])
          .where(
            'product_id',
            'in',
            products.map((product) => product.id),
          )
          .execute();

  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const byItem = new Map<number, NonNullable<DeliveredLine['substitute']>>();
  const deliveredByItem = new Map<number, string>();
  reported.forEach((line, index) => {
    const item = items.find((candidate) => candidate.id === line.line_id);
    if (!item) {
      refuse(`lines.${index}.line_id`, 'No line of this suborder has this id.');
      return;
    }
    if (toDecimal(line.delivered_quantity).gt(toDecimal(item.quantity)))
      refuse(
        `lines.${index}.delivered_quantity`,
        `More than the ${quantityText(item.quantity)} ordered cannot be delivered.`,
      );
    deliveredByItem.set(item.id, line.delivered_quantity);
    if (!line.substitute) return;
    const product = productOf(line.substitute.product);
    if (!product) {
      refuse(`lines.${index}.substitute.product`, 'No product has this external id or stock code.');
      return;
    }
    const productUnits = units.filter((unit) => unit.product_id === product.id);
    const unitId =
      line.substitute.unit ??
      [...productUnits].sort((a, b) => toDecimal(a.amount).comparedTo(toDecimal(b.amount)))[0]?.unit_id;
    if (unitId === undefined || !productUnits.some((unit) => unit.unit_id === unitId)) {
      refuse(`lines.${index}.substitute.unit`, 'The product is not sold in this unit.');
      return;
    }
    if (toDecimal(line.substitute.quantity).isZero())
      refuse(`lines.${index}.substitute.quantity`, 'A substitute has a quantity above 0.');
    byItem.set(item.id, { productId: product.id, quantity: line.substitute.quantity, unitId });
  });
  if (Object.keys(errors).length > 0) throw badRequest('The reported lines do not fit the suborder.', errors);

  return items.map((item) => {
    const delivered = deliveredByItem.get(item.id) ?? item.quantity;
    return {
      itemId: item.id,
      deliveredQuantity: quantityText(delivered),
      fulfilled: toDecimal(delivered).eq(toDecimal(item.quantity)),
      substitute: byItem.get(item.id) ?? null,
    };
  });
}

/** The delivery as the order lines keep it: what arrived of each and what came instead. */
async function storeDeliveredLines(trx: Kysely<Database>, lines: readonly DeliveredLine[]) {
  for (const line of lines)
    await trx
      .updateTable('order_items')
      .set({
        delivered_quantity: line.deliveredQuantity,
        is_fulfilled: line.fulfilled ? 1 : 0,
        substitute_product_id: line.substitute?.productId ?? null,
        substitute_quantity: line.substitute ? quantityText(line.substitute.quantity) : null,
        substitute_unit_id: line.substitute?.unitId ?? null,
      })
      .where('id', '=', line.itemId)
      .execute();
}

/** The ERP's number for the suborder, unless it would name another suborder. */
async function refuseTakenNumber(trx: Kysely<Database>, suborderId: number, number: string) {
  const taken =
    PORTAL_REFERENCE.test(number) && number !== `SO-${suborderId}`
      ? true
      : (await trx
          .selectFrom('suborders')
          .select('id')
          .where('external_id', '=', number)
          .where('id', '<>', suborderId)
          .executeTakeFirst()) !== undefined;
  if (taken)
    throw badRequest('The number names another suborder.', {
      external_id: ['Another suborder has this number (or it has the form of the portal’s own SO-… names).'],
    });
}

/** The suborder, locked: its order's row first (as a change of the order takes it), then its own. */
async function lockedSuborder(trx: Kysely<Database>, suborderId: number): Promise<LockedSuborder> {
  const owner = await trx
    .selectFrom('suborders')
    .select('order_id')
    .where('id', '=', suborderId)
    .executeTakeFirst();
  if (!owner) throw noSuchSuborder();
  await lockRow(trx, 'orders', owner.order_id);
  await lockRow(trx, 'suborders', suborderId);
  // read again under the locks: an order change may have replaced the suborder meanwhile
  const suborder = await trx
    .selectFrom('suborders as s')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .select([
      's.id',
      's.order_id',
      's.status',
      's.external_id',
      's.eta',
      's.delivery_note_number',
      'w.name as warehouse_name',
    ])
    .where('s.id', '=', suborderId)
    .executeTakeFirst();
  if (!suborder) throw noSuchSuborder();
  return suborder;
}

async function applyReport(
  trx: Kysely<Database>,
  suborderId: number,
  report: SuborderReport,
  now: Date,
): Promise<{ status: 200 | 201; answer: SuborderReportAnswer }> {
  const suborder = await lockedSuborder(trx, suborderId);
  if (report.id !== undefined) {
    const stored = await trx
      .selectFrom('suborder_events')
      .select(['id', 'type', 'state', 'occurred_at', 'details'])
      .where('suborder_id', '=', suborderId)
      .where('event_key', '=', report.id)
      .executeTakeFirst();
    if (stored) {
      const previous = (JSON.parse(stored.details) as Details).previous_state;
      return { status: 200, answer: answerOf(suborder, stored, String(previous ?? stored.state)) };
    }
  }

  const next = suborderStateAfter(suborder.status, report.type);
  // no report leads back to processing (the chart has no such transition; the check narrows the type)
  if (next === null || next === 'processing') throw illegalTransition(suborder.status, report.type);

  const changes: Updateable<SubordersTable> = { status: next };
  const details: Details = {
    previous_state: suborder.status,
    ...(report.id === undefined ? {} : { report_id: report.id }),
  };
  const notice: SuborderNotice = {
    kind: next === 'shipped' && suborder.status === 'shipped' ? 'etaMoved' : next,
    orderId: suborder.order_id,
    warehouse: suborder.warehouse_name,
  };
  let announce = next !== suborder.status;
  switch (report.type) {
    case 'received':
    case 'confirmed':
      if (report.external_id !== undefined && report.external_id !== `SO-${suborderId}`) {
        await refuseTakenNumber(trx, suborderId, report.external_id);
        changes.external_id = report.external_id;
        details.external_id = report.external_id;
      }
      break;
    case 'shipped': {
      const eta = new Date(report.eta).toISOString();
      changes.eta = eta;
      changes.delivery_note_number = report.delivery_note_number;
      details.eta = eta;
      details.delivery_note_number = report.delivery_note_number;
      notice.eta = eta;
      notice.deliveryNote = report.delivery_note_number;
      // a later "shipped" moves the arrival: the buyer hears of it when it changed
      announce ||= eta !== suborder.eta || report.delivery_note_number !== suborder.delivery_note_number;
      break;
    }
    case 'delivered': {
      const lines = await deliveredLines(trx, suborderId, report.lines ?? []);
      await storeDeliveredLines(trx, lines);
      if (report.lines) details.lines = report.lines;
      notice.shortLines = lines.filter((line) => !line.fulfilled).length;
      notice.substitutes = lines.filter((line) => line.substitute !== null).length;
      break;
    }
    case 'invoiced':
      if (report.document !== undefined) details.document = report.document;
      break;
    case 'cancelled':
      if (report.reason !== undefined && report.reason.trim() !== '') {
        details.reason = report.reason;
        notice.reason = report.reason.trim();
      }
      break;
    case 'picking':
      break;
  }

  await trx.updateTable('suborders').set(changes).where('id', '=', suborderId).execute();
  const event = {
    suborder_id: suborderId,
    type: report.type,
    state: next,
    occurred_at: report.occurred_at ? new Date(report.occurred_at).toISOString() : now.toISOString(),
    recorded_at: now.toISOString(),
    details: JSON.stringify(details),
    event_key: report.id ?? null,
  };
  const { id } = await trx
    .insertInto('suborder_events')
    .values(event)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (announce) await announceSuborderChange(trx, notice, now);
  if (closedSuborderStates.includes(next)) await finalizeOrderIfDone(trx, suborder.order_id, now);
  return {
    status: 201,
    answer: answerOf(
      { id: suborderId, external_id: changes.external_id ?? suborder.external_id },
      { ...event, id },
      suborder.status,
    ),
  };
}

/**
 * Applies one report of the ERP to the suborder `reference` names, as the suborder's chart allows
 * (`suborderStateAfter`): status, ETA and delivery note, the ERP's number, the delivered lines, the
 * event of the timeline, the buyer's notification and the order's finalization, in one transaction
 * that holds the order's and the suborder's rows. A report id seen before answers as it did (200)
 * and changes nothing. 404 for an unknown reference, 409 `illegal_transition` for a report the
 * state does not allow, 400 for lines that do not fit.
 */
export async function recordSuborderReport(
  db: Kysely<Database>,
  reference: string,
  report: SuborderReport,
  now: Date,
): Promise<{ status: 200 | 201; answer: SuborderReportAnswer }> {
  const suborderId = reference.length > 200 ? undefined : await suborderIdOf(db, reference);
  if (suborderId === undefined) throw noSuchSuborder();
  const apply = () => db.transaction().execute((trx) => applyReport(trx, suborderId, report, now));
  try {
    return await apply();
  } catch (error) {
    // Two processes stored the same report id, or gave two suborders one ERP number, at once:
    // once more, the stored report answers, or the number is refused.
    if (!isUniqueViolation(error)) throw error;
    return apply();
  }
}
