import { toDecimal } from '../../src/domain/decimal';
import type { SuborderLifeState, SuborderReportType } from '../../src/machines/orders/suborder-life';
import { invoiceFigures, invoicePdf } from './invoice';
import type { EventOrder, EventSuborder, OrderEvent } from './order-event';
import { detailOf, type PortalAnswer, type PortalClient } from './portal-client';

/**
 * What the simulated ERP does with an order: each suborder walks received → confirmed → picking →
 * shipped → delivered → invoiced, one report after the other, with a pause before each that a
 * warehouse might take (seconds to a minute at speed 1, ±25 %). A cancelled order stops its walks; a
 * changed one starts them over with its new suborders and lines (the portal makes them anew).
 */
export interface WalkDeps {
  portal: Pick<PortalClient, 'reportSuborder' | 'putDocument'>;
  /** the pauses are divided by this */
  speed: number;
  /** the first line of each order arrives one unit short */
  shortLine: boolean;
  log: (line: string) => void;
  now: () => Date;
  /** 0 ≤ x < 1: the pauses' jitter and the shipment's time of day */
  random: () => number;
}

/** The pause before each report at speed 1, in milliseconds. */
export const stepPauses: readonly { type: SuborderReportType; ms: number }[] = [
  { type: 'received', ms: 2_000 },
  { type: 'confirmed', ms: 6_000 },
  { type: 'picking', ms: 20_000 },
  { type: 'shipped', ms: 30_000 },
  { type: 'delivered', ms: 60_000 },
  { type: 'invoiced', ms: 20_000 },
];

/** States from which the ERP may still report a suborder cancelled (the chart's, before shipped). */
const cancellable: readonly SuborderLifeState[] = ['processing', 'received', 'confirmed', 'picking'];
const PAYMENT_DAYS = 14;

interface SuborderWalk {
  reference: string;
  order: EventOrder;
  suborder: EventSuborder;
  /** the last state the portal accepted */
  reached: SuborderLifeState;
  stop: AbortController;
  finished: Promise<void>;
  deliveryNote?: string;
}

/** The number in a reference ("SO-45" → 45), which the ERP's own numbers are derived from. */
function numberOf(reference: string): number {
  const digits = /(\d+)\D*$/.exec(reference)?.[1];
  if (digits) return Number(digits);
  let hash = 0;
  for (const char of reference) hash = (hash * 31 + char.charCodeAt(0)) % 100_000;
  return hash;
}

/** The ERP's own id of a report: the portal stores a report sent again once. */
const reportId = (walk: { reference: string; order: { version: number } }, type: string) =>
  `erp-sim-${walk.reference}-v${walk.order.version}-${type}`;

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

function pauseFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export class ErpWalks {
  private readonly walks = new Map<string, SuborderWalk>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: WalkDeps) {}

  /** Takes an order event the receiver accepted; the walks run in the background. */
  handle(event: OrderEvent): void {
    const { order } = event.data;
    if (event.type === 'order.cancelled') {
      this.track(this.cancel(order));
      return;
    }
    // A changed order's suborders start over in the portal (made anew, processing): every walk of
    // the order starts over too, once the replaced walks' last reports are answered.
    const replaced = this.walksOf(order.id);
    for (const walk of replaced) {
      walk.stop.abort();
      this.walks.delete(walk.reference);
    }
    if (event.type === 'order.amended')
      this.deps.log(`order ${order.id}: changed (version ${order.version}), its suborders start over`);
    const before = Promise.all(replaced.map((walk) => walk.finished));
    for (const suborder of order.suborders) this.start(order, suborder, before);
  }

  /** Resolves once no walk or cancellation is in progress (the tests wait for it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Stops every walk; a report already sent is waited for. Answers how many walks were cut short. */
  async stop(): Promise<number> {
    const cut = [...this.walks.values()].filter((walk) => !walk.stop.signal.aborted);
    for (const walk of cut) walk.stop.abort();
    await this.idle();
    return cut.length;
  }

  private walksOf(orderId: number): SuborderWalk[] {
    return [...this.walks.values()].filter((walk) => walk.order.id === orderId);
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work
      .catch((error: unknown) =>
        this.deps.log(`walk failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return tracked;
  }

  private start(order: EventOrder, suborder: EventSuborder, after: Promise<unknown>) {
    const walk: SuborderWalk = {
      reference: suborder.reference,
      order,
      suborder,
      reached: 'processing',
      stop: new AbortController(),
      finished: Promise.resolve(),
    };
    this.walks.set(suborder.reference, walk);
    walk.finished = this.track(after.then(() => this.walk(walk)));
  }

  private async walk(walk: SuborderWalk): Promise<void> {
    for (let index = 0; index < stepPauses.length; index += 1) {
      const step = stepPauses[index] as (typeof stepPauses)[number];
      const jitter = 0.75 + this.deps.random() * 0.5;
      await pauseFor((step.ms * jitter) / this.deps.speed, walk.stop.signal);
      if (walk.stop.signal.aborted) return;
      const state = await this.report(walk, step.type);
      if (state === undefined) {
        walk.stop.abort();
        break;
      }
      // the portal may be further along (a report sent twice): go on from where it is
      index = Math.max(
        index,
        stepPauses.findIndex((later) => later.type === state),
      );
    }
    // a cancellation that came meanwhile still reads it (it holds the walks it found)
    if (this.walks.get(walk.reference) === walk) this.walks.delete(walk.reference);
  }

  /**
   * Sends one report; answers the suborder's state in the portal afterwards, or undefined when the
   * walk cannot go on (refused, the suborder gone or cancelled).
   */
  private async report(walk: SuborderWalk, type: SuborderReportType): Promise<SuborderLifeState | undefined> {
    const { reference, order } = walk;
    const body: Record<string, unknown> = {
      type,
      id: reportId(walk, type),
      occurred_at: this.deps.now().toISOString(),
    };
    let note = '';
    const number = numberOf(reference);
    if (type === 'received' && /^SO-\d+$/.test(reference)) {
      body.external_id = `ERP-${number}`;
      note = ` (ERP number ${body.external_id})`;
    }
    if (type === 'shipped') {
      walk.deliveryNote = `LS-${4_700_000 + number}`;
      body.eta = this.etaOf(walk).toISOString();
      body.delivery_note_number = walk.deliveryNote;
      note = `, ETA ${body.eta}, delivery note ${walk.deliveryNote}`;
    }
    if (type === 'delivered') {
      const short = this.shortLines(walk);
      if (short.length > 0) {
        body.lines = short.map(({ line_id, delivered_quantity }) => ({ line_id, delivered_quantity }));
        note = `, ${short.map((line) => `line ${line.line_id} short: ${line.delivered_quantity} of ${line.quantity} ${line.unit}`).join('; ')}`;
      } else note = ', every line in full';
    }
    if (type === 'invoiced') {
      const invoice = await this.pushInvoice(walk);
      if (invoice) {
        body.document = invoice.externalId;
        note = `, invoice ${invoice.number} (${invoice.gross} EUR)`;
      } else note = ', without an invoice document';
    }
    const answer = await this.send(reference, body);
    if (answer.status === 200 || answer.status === 201) {
      walk.reached = (answer.body as { state: SuborderLifeState }).state;
      this.deps.log(
        `order ${order.id} ${reference}: ${type}${note}${answer.status === 200 ? ' (already known)' : ''}`,
      );
      return walk.reached;
    }
    const current = (answer.body as { current_state?: string } | null)?.current_state;
    const at = stepPauses.findIndex((step) => step.type === current);
    if (answer.status === 409 && at >= stepPauses.findIndex((step) => step.type === type)) {
      walk.reached = current as SuborderLifeState;
      this.deps.log(`order ${order.id} ${reference}: already ${current} in the portal, going on from there`);
      return walk.reached;
    }
    this.deps.log(
      `order ${order.id} ${reference}: ${type} refused, ${answer.status} ${detailOf(answer)}; walk stopped`,
    );
    return undefined;
  }

  private async send(reference: string, body: Record<string, unknown>): Promise<PortalAnswer> {
    try {
      return await this.deps.portal.reportSuborder(reference, body);
    } catch (error) {
      return { status: 0, body: { detail: error instanceof Error ? error.message : String(error) } };
    }
  }

  /** On the delivery day (else in four hours), at a half hour of the working day. */
  private etaOf(walk: SuborderWalk): Date {
    const now = this.deps.now();
    const date = walk.suborder.estimated_delivery_date ?? walk.order.expected_delivery_date;
    const slot = Math.floor(this.deps.random() * 16) * 30;
    const onDay = date ? new Date(`${date}T08:00:00Z`) : undefined;
    if (onDay && onDay.getTime() + slot * 60_000 > now.getTime())
      return new Date(onDay.getTime() + slot * 60_000);
    const later = new Date(now.getTime() + 4 * 3_600_000);
    later.setUTCMinutes(later.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
    return later;
  }

  /** The first line of the order, one unit short, when that line is in this suborder. */
  private shortLines(walk: SuborderWalk) {
    if (!this.deps.shortLine) return [];
    const first = walk.order.suborders[0]?.lines[0];
    const line = walk.suborder.lines.find((candidate) => candidate.line_id === first?.line_id);
    if (!line) return [];
    const ordered = toDecimal(line.quantity);
    const arrived = ordered.greaterThan(1) ? ordered.minus(1) : toDecimal('0');
    return [
      {
        line_id: line.line_id,
        delivered_quantity: arrived.toFixed(),
        quantity: line.quantity,
        unit: line.unit.name,
      },
    ];
  }

  /** Pushes the suborder's invoice to the portal; undefined when it could not be (no customer number). */
  private async pushInvoice(walk: SuborderWalk) {
    const { order, suborder, reference } = walk;
    const company = order.company.external_id;
    if (company === null) {
      this.deps.log(`order ${order.id} ${reference}: the company has no customer number, no invoice pushed`);
      return undefined;
    }
    const delivered = new Map(this.shortLines(walk).map((line) => [line.line_id, line.delivered_quantity]));
    const figures = invoiceFigures(order, suborder, delivered);
    const issued = this.deps.now();
    const number = `RE-${issued.getUTCFullYear()}-${100_000 + numberOf(reference)}`;
    const externalId = `ERP-INV-${reference}`;
    const pdf = await invoicePdf({
      number,
      issuedOn: day(issued),
      dueOn: day(addDays(issued, PAYMENT_DAYS)),
      companyName: order.company.name,
      orderId: order.id,
      reference,
      deliveryNote: walk.deliveryNote ?? '',
      figures,
    });
    let answer: PortalAnswer;
    try {
      answer = await this.deps.portal.putDocument(externalId, {
        kind: 'invoice',
        number,
        company,
        orders: [order.id],
        issued_on: day(issued),
        due_on: day(addDays(issued, PAYMENT_DAYS)),
        currency: 'EUR',
        net_total: figures.net_total,
        tax_total: figures.tax_total,
        gross_total: figures.gross_total,
        open_balance: figures.gross_total,
        pdf_base64: pdf.toString('base64'),
      });
    } catch (error) {
      answer = { status: 0, body: { detail: error instanceof Error ? error.message : String(error) } };
    }
    if (answer.status !== 200 && answer.status !== 201) {
      this.deps.log(
        `order ${order.id} ${reference}: invoice ${number} refused, ${answer.status} ${detailOf(answer)}`,
      );
      return undefined;
    }
    return { externalId, number, gross: figures.gross_total };
  }

  private async cancel(order: EventOrder): Promise<void> {
    const walks = this.walksOf(order.id);
    if (walks.length === 0) {
      this.deps.log(`order ${order.id}: cancelled, nothing of it in progress`);
      return;
    }
    for (const walk of walks) walk.stop.abort();
    await Promise.all(walks.map((walk) => walk.finished));
    for (const walk of walks) {
      this.walks.delete(walk.reference);
      if (!cancellable.includes(walk.reached)) {
        this.deps.log(
          `order ${order.id} ${walk.reference}: cancelled in the portal, but already ${walk.reached}`,
        );
        continue;
      }
      const answer = await this.send(walk.reference, {
        type: 'cancelled',
        id: reportId({ reference: walk.reference, order }, 'cancelled'),
        occurred_at: this.deps.now().toISOString(),
        reason: 'The customer cancelled the order.',
      });
      const current = (answer.body as { current_state?: string } | null)?.current_state;
      if (answer.status === 200 || answer.status === 201)
        this.deps.log(`order ${order.id} ${walk.reference}: cancelled`);
      else if (answer.status === 409 && current === 'cancelled')
        this.deps.log(`order ${order.id} ${walk.reference}: cancelled (the portal had cancelled it already)`);
      else
        this.deps.log(
          `order ${order.id} ${walk.reference}: cancelled refused, ${answer.status} ${detailOf(answer)}`,
        );
    }
  }
}
