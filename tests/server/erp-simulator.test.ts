import { afterEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startErpSimulator } from '../../scripts/erp-simulator/simulator';
import { type FakePortal, orderEvent, postSignedEvent, startFakePortal } from './support/erp-fake-portal';

// The simulated ERP against a fake portal: what it accepts of the webhooks, and the reports it
// sends back. The walk's pauses are divided by a huge speed, so a whole walk takes milliseconds.

const fullWalk = ['received', 'confirmed', 'picking', 'shipped', 'delivered', 'invoiced'];
const twoSuborders = {
  id: 41,
  suborders: [
    {
      reference: 'SO-101',
      lines: [
        { line_id: 1, quantity: '3', amount: '30.00', tax_rate_percent: '7' },
        { line_id: 2, quantity: '1', amount: '4.20', tax_rate_percent: '19' },
      ],
    },
    { reference: 'SO-102', lines: [{ line_id: 3, quantity: '2', amount: '11.90', tax_rate_percent: '19' }] },
  ],
};

let portal: FakePortal;
let simulator: RunningSimulator;
let logged: string[];

async function start(options: { failFirst?: number; shortLine?: boolean } = {}) {
  portal = await startFakePortal();
  logged = [];
  simulator = await startErpSimulator(
    {
      portal: portal.url,
      port: 0,
      host: '127.0.0.1',
      publicUrl: undefined,
      failFirst: options.failFirst ?? 0,
      speed: 1_000_000,
      shortLine: options.shortLine ?? false,
    },
    { key: 'opk_test', log: (line) => logged.push(line), random: () => 0.5, pause: async () => {} },
  );
}

afterEach(async () => {
  await simulator?.stop();
  await portal?.close();
});

const types = (reference: string) => portal.reportsOf(reference).map((report) => report.type);

describe('the ERP simulator', () => {
  it('registers its receiver with the portal and retires it when stopped', async () => {
    await start();
    expect(simulator.endpointUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
    await simulator.stop();
    expect(portal.retired).toEqual([7]);
  });

  it('refuses a request whose signature does not verify, and walks nothing for it', async () => {
    await start();
    const event = orderEvent('order.placed', twoSuborders);
    const forged = await postSignedEvent(simulator.endpointUrl, event, {
      id: 'evt_forged',
      secret: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    const changed = await postSignedEvent(simulator.endpointUrl, event, {
      id: 'evt_changed',
      sentBody: JSON.stringify(event).replace('"id":41', '"id":42'),
    });
    await simulator.walks.idle();
    expect([forged.status, changed.status]).toEqual([401, 401]);
    expect(portal.reports).toEqual([]);

    const genuine = await postSignedEvent(simulator.endpointUrl, event, { id: 'evt_genuine' });
    await simulator.walks.idle();
    expect(genuine.status).toBe(200);
    expect(types('SO-101')).toEqual(fullWalk);
  });

  it('takes each event id once: the same event again is answered 2xx and walks nothing more', async () => {
    await start();
    const event = orderEvent('order.placed', twoSuborders);
    const first = await postSignedEvent(simulator.endpointUrl, event, { id: 'evt_once' });
    await simulator.walks.idle();
    const again = await postSignedEvent(simulator.endpointUrl, event, { id: 'evt_once' });
    await simulator.walks.idle();
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect(types('SO-101')).toEqual(fullWalk);
    expect(types('SO-102')).toEqual(fullWalk);
  });

  it('answers 503 to the first n tries of each event with --fail-first, then takes it once', async () => {
    await start({ failFirst: 2 });
    const event = orderEvent('order.placed', twoSuborders);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await postSignedEvent(simulator.endpointUrl, event, { id: 'evt_retried' })).status);
    const other = await postSignedEvent(
      simulator.endpointUrl,
      orderEvent('order.placed', { id: 42, suborders: [] }),
      {
        id: 'evt_other',
      },
    );
    await simulator.walks.idle();
    expect(statuses).toEqual([503, 503, 200, 200]);
    expect(other.status).toBe(503);
    expect(types('SO-101')).toEqual(fullWalk);
  });

  it('walks every suborder through the chart in order, with an ETA, a delivery note and an invoice', async () => {
    await start();
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.placed', twoSuborders), {
      id: 'evt_walk',
    });
    await simulator.walks.idle();

    for (const reference of ['SO-101', 'SO-102']) {
      const reports = portal.reportsOf(reference);
      expect(reports.map((report) => report.type)).toEqual(fullWalk);
      // each report carries an id of its own, so a report sent again is stored once
      expect(new Set(reports.map((report) => report.id)).size).toBe(6);
      const shipped = reports[3] as { eta: string; delivery_note_number: string };
      expect(new Date(shipped.eta).toISOString()).toBe(shipped.eta);
      expect(shipped.delivery_note_number).toMatch(/^LS-\d+$/);
      expect(reports[4]).not.toHaveProperty('lines');
      const invoiced = reports[5] as { document: string };
      expect(portal.documents.has(invoiced.document)).toBe(true);
    }
    expect(portal.reportsOf('SO-101')[0]).toMatchObject({ external_id: 'ERP-101' });

    const invoice = portal.documents.get((portal.reportsOf('SO-101')[5] as { document: string }).document);
    // 30.00 at 7 % and 4.20 at 19 %, on the net basis: a customer the portal charges no VAT
    expect(invoice).toMatchObject({
      kind: 'invoice',
      company: 'CUST-1001',
      orders: [41],
      net_total: '34.20',
      tax_total: '0.00',
      gross_total: '34.20',
      open_balance: '34.20',
    });
    const pdf = Buffer.from(String(invoice?.pdf_base64), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('with --short-line delivers the first line of the order one unit short and bills what arrived', async () => {
    await start({ shortLine: true });
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.placed', twoSuborders), {
      id: 'evt_short',
    });
    await simulator.walks.idle();

    const delivered = portal.reportsOf('SO-101')[4];
    expect(delivered).toMatchObject({ type: 'delivered', lines: [{ line_id: 1, delivered_quantity: '2' }] });
    // only the order's first line: the other suborder arrives in full
    expect(portal.reportsOf('SO-102')[4]).not.toHaveProperty('lines');
    const invoice = portal.documents.get((portal.reportsOf('SO-101')[5] as { document: string }).document);
    // two of three boxes: 20.00 and 4.20
    expect(invoice).toMatchObject({ net_total: '24.20', tax_total: '0.00', gross_total: '24.20' });
  });

  it("bills a suborder delivered in full its goods, deposits and charges: the suborder's total, on either basis", async () => {
    await start();
    const charged = (id: number, priceBasis: 'gross' | 'net') => ({
      id,
      priceBasis,
      suborders: [
        {
          reference: `SO-${id}1`,
          lines: [
            { line_id: 1, quantity: '3', amount: '32.10', deposit_amount: '0.75', tax_rate_percent: '7' },
            { line_id: 2, quantity: '1', amount: '4.20', tax_rate_percent: '19' },
          ],
          extra_charges: [
            {
              name: 'Delivery fee',
              amount: priceBasis === 'gross' ? '11.78' : '9.90',
              tax_rate_percent: '19',
            },
            {
              name: 'Cold chain surcharge',
              amount: priceBasis === 'gross' ? '5.36' : '4.50',
              tax_rate_percent: '19',
            },
          ],
        },
      ],
    });
    const gross = orderEvent('order.placed', charged(51, 'gross'));
    const net = orderEvent('order.placed', charged(52, 'net'));
    await postSignedEvent(simulator.endpointUrl, gross, { id: 'evt_gross' });
    await postSignedEvent(simulator.endpointUrl, net, { id: 'evt_net' });
    await simulator.walks.idle();

    const invoiceOf = (reference: string) =>
      portal.documents.get((portal.reportsOf(reference)[5] as { document: string }).document);
    expect(gross.data.order.suborders[0]?.total).toBe('54.19');
    // 7 %: 32.10 + 0.75 = 32.85 = 30.70 + 2.15; 19 %: 4.20 + 11.78 + 5.36 = 21.34 = 17.93 + 3.41
    expect(invoiceOf('SO-511')).toMatchObject({
      net_total: '48.63',
      tax_total: '5.56',
      gross_total: '54.19',
      open_balance: '54.19',
    });
    expect(net.data.order.suborders[0]?.total).toBe('51.45');
    expect(invoiceOf('SO-521')).toMatchObject({
      net_total: '51.45',
      tax_total: '0.00',
      gross_total: '51.45',
    });
  });

  it('reports an invoiced suborder without a document when the company has no customer number', async () => {
    await start();
    const event = orderEvent('order.placed', { ...twoSuborders, companyExternalId: null });
    await postSignedEvent(simulator.endpointUrl, event, { id: 'evt_no_customer_number' });
    await simulator.walks.idle();
    expect(types('SO-101')).toEqual(fullWalk);
    expect(portal.reportsOf('SO-101')[5]).not.toHaveProperty('document');
    expect(portal.documents.size).toBe(0);
  });

  it('stops the walk of a cancelled order and reports it cancelled while it still can be', async () => {
    await start();
    const order = {
      id: 43,
      suborders: [twoSuborders.suborders[1] as (typeof twoSuborders.suborders)[number]],
    };
    const picking = portal.hold('SO-102', 'picking');
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.placed', order), { id: 'evt_placed' });
    await picking.arrived;
    const cancelled = await postSignedEvent(simulator.endpointUrl, orderEvent('order.cancelled', order), {
      id: 'evt_cancelled',
    });
    picking.release();
    await simulator.walks.idle();
    expect(cancelled.status).toBe(200);
    expect(types('SO-102')).toEqual(['received', 'confirmed', 'picking', 'cancelled']);
  });

  it('logs a cancellation the portal made itself without reporting it again', async () => {
    await start();
    const order = { id: 44, suborders: [{ reference: 'SO-103', lines: [] }] };
    const received = portal.hold('SO-103', 'received');
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.placed', order), { id: 'evt_placed' });
    await received.arrived;
    // the portal cancels the suborder itself when the buyer cancels: the received report then comes too late
    portal.states.set('SO-103', 'cancelled');
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.cancelled', order), {
      id: 'evt_cancelled',
    });
    received.release();
    await simulator.walks.idle();
    expect(types('SO-103')).toEqual([]);
    expect(
      logged.some((line) => line.includes('SO-103: cancelled (the portal had cancelled it already)')),
    ).toBe(true);
  });

  it('starts the walk over with the new suborders and lines of a changed order, and stops the replaced ones', async () => {
    await start({ shortLine: true });
    const placed = {
      id: 45,
      suborders: [
        {
          reference: 'SO-104',
          lines: [{ line_id: 8, quantity: '1', amount: '5.00', tax_rate_percent: '7' }],
        },
      ],
    };
    const amended = {
      id: 45,
      version: 2,
      suborders: [
        {
          reference: 'SO-105',
          lines: [{ line_id: 9, quantity: '4', amount: '20.00', tax_rate_percent: '7' }],
        },
      ],
    };
    const received = portal.hold('SO-104', 'received');
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.placed', placed), { id: 'evt_placed' });
    await received.arrived;
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.amended', amended), { id: 'evt_amended' });
    received.release();
    await simulator.walks.idle();

    expect(types('SO-104')).toEqual(['received']);
    expect(types('SO-105')).toEqual(fullWalk);
    expect(portal.reportsOf('SO-105')[4]).toMatchObject({ lines: [{ line_id: 9, delivered_quantity: '3' }] });
  });

  it('goes on from where the portal is when a report of the replaced walk landed on the new suborder', async () => {
    await start({ shortLine: true });
    const placed = {
      id: 46,
      suborders: [
        {
          reference: 'SO-106',
          lines: [{ line_id: 10, quantity: '2', amount: '5.00', tax_rate_percent: '7' }],
        },
      ],
    };
    // on SQLite the portal may make the new suborder under the same id, so under the same reference
    const amended = {
      id: 46,
      version: 2,
      suborders: [
        {
          reference: 'SO-106',
          lines: [{ line_id: 11, quantity: '4', amount: '20.00', tax_rate_percent: '7' }],
        },
      ],
    };
    const confirmed = portal.hold('SO-106', 'confirmed');
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.placed', placed), { id: 'evt_placed' });
    await confirmed.arrived;
    // the change makes the suborder anew; the old walk's confirmation then lands on the new one
    portal.states.set('SO-106', 'processing');
    await postSignedEvent(simulator.endpointUrl, orderEvent('order.amended', amended), { id: 'evt_amended' });
    confirmed.release();
    await simulator.walks.idle();

    const reports = portal.reportsOf('SO-106');
    expect(reports.map((report) => report.type)).toEqual(fullWalk);
    expect(reports.map((report) => String(report.id).includes('-v2-'))).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(reports[4]).toMatchObject({ lines: [{ line_id: 11, delivered_quantity: '3' }] });
    expect(logged).toContain('order 46 SO-106: already confirmed in the portal, going on from there');
  });
});
