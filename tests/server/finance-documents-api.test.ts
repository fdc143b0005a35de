import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anInvoice,
  aPdf,
  type FinanceDocumentsHarness,
  startFinanceDocumentsHarness,
} from './support/finance-documents';

let erp: FinanceDocumentsHarness;
let lindenhof: number[];
let bosporus: number[];

beforeAll(async () => {
  erp = await startFinanceDocumentsHarness();
  lindenhof = await erp.ordersOf('lindenhof');
  bosporus = await erp.ordersOf('bosporus');
});
afterAll(() => erp.close());

const storedRow = (externalId: string) =>
  erp.db.selectFrom('finance_documents').selectAll().where('external_id', '=', externalId).executeTakeFirst();
const linkedOrders = async (externalId: string) =>
  (
    await erp.db
      .selectFrom('finance_document_orders as o')
      .innerJoin('finance_documents as d', 'd.id', 'o.document_id')
      .select('o.order_id')
      .where('d.external_id', '=', externalId)
      .orderBy('o.order_id')
      .execute()
  ).map((row) => row.order_id);

describe('PUT /api/integration/v1/documents/{external_id}', () => {
  it('creates an invoice (201), answers it back with GET, and links it to the orders', async () => {
    const [first, second] = lindenhof;
    const pdf = aPdf('INV-1');
    const created = await erp.put(
      'INV-1',
      anInvoice([second!, first!], { pdf_base64: pdf.toString('base64') }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      external_id: 'INV-1',
      kind: 'invoice',
      number: 'RE-2026-0042',
      company: 'CUST-1001',
      orders: [first, second],
      issued_on: '2026-11-20',
      due_on: '2026-12-04',
      currency: 'EUR',
      net_total: '100.00',
      tax_total: '19.00',
      gross_total: '119.00',
      open_balance: '119.00',
      corrects: null,
      pdf_bytes: pdf.byteLength,
    });
    expect(created.body.id).toEqual(expect.any(Number));
    expect(await erp.get('INV-1')).toEqual({ status: 200, body: created.body });
    expect(await linkedOrders('INV-1')).toEqual([first, second]);
    expect(Buffer.from((await storedRow('INV-1'))?.pdf ?? [])).toEqual(pdf);
  });

  it('updates it (200): a new open balance and orders; the PDF sent before stays when none is sent', async () => {
    const [first, , third] = lindenhof;
    const pdf = aPdf('INV-2');
    const created = await erp.put('INV-2', anInvoice([first!], { pdf_base64: pdf.toString('base64') }));
    expect(created.status).toBe(201);
    erp.server.clock.advance(60_000);
    const updated = await erp.put('INV-2', anInvoice([third!], { open_balance: '12.40' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      open_balance: '12.40',
      orders: [third],
      pdf_bytes: pdf.byteLength,
      created_at: created.body.created_at,
    });
    expect(updated.body.updated_at).not.toBe(created.body.updated_at);
    expect(await linkedOrders('INV-2')).toEqual([third]);
    expect(Buffer.from((await storedRow('INV-2'))?.pdf ?? [])).toEqual(pdf);

    const replaced = aPdf('INV-2 corrected');
    const withNewFile = await erp.put(
      'INV-2',
      anInvoice([third!], { open_balance: '0', pdf_base64: replaced.toString('base64') }),
    );
    expect(withNewFile.body).toMatchObject({ open_balance: '0.00', pdf_bytes: replaced.byteLength });
    expect(Buffer.from((await storedRow('INV-2'))?.pdf ?? [])).toEqual(replaced);
  });

  it('changes nothing when the same body comes again (200, updated_at stays)', async () => {
    const body = anInvoice(lindenhof.slice(0, 2), { pdf_base64: aPdf('INV-3').toString('base64') });
    const created = await erp.put('INV-3', body);
    expect(created.status).toBe(201);
    const before = await storedRow('INV-3');
    erp.server.clock.advance(60_000);
    const again = await erp.put('INV-3', body);
    expect(again).toEqual({ status: 200, body: created.body });
    // the same figures written otherwise (numbers, fewer places, orders in another order) are the same body
    const same = await erp.put(
      'INV-3',
      anInvoice([...lindenhof.slice(0, 2)].reverse(), {
        net_total: 100,
        tax_total: '19',
        gross_total: 119.0,
        open_balance: '119.0',
      }),
    );
    expect(same).toEqual({ status: 200, body: created.body });
    expect(await storedRow('INV-3')).toEqual(before);
    const count = await erp.db
      .selectFrom('finance_documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('external_id', '=', 'INV-3')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('stores a document sent twice at the same moment once (201 and 200)', async () => {
    const body = anInvoice([lindenhof[0]!], { pdf_base64: aPdf('INV-9').toString('base64') });
    const answers = await Promise.all([erp.put('INV-9', body), erp.put('INV-9', body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(answers[0]?.body.id).toBe(answers[1]?.body.id);
    expect(await linkedOrders('INV-9')).toEqual([lindenhof[0]]);
  });

  it('takes money as exact decimal text or as a JSON number that is exactly the amount', async () => {
    const answer = await erp.put(
      'INV-4',
      anInvoice([], { net_total: 10.5, tax_total: '1,99', gross_total: '12.49', open_balance: 0 }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      net_total: '10.50',
      tax_total: '1.99',
      gross_total: '12.49',
      open_balance: '0.00',
      orders: [],
    });
  });

  it('stores a credit note that corrects an invoice of the same company', async () => {
    await erp.put('INV-5', anInvoice([lindenhof[0]!]));
    const answer = await erp.put(
      'CN-5',
      anInvoice([lindenhof[0]!], {
        kind: 'credit_note',
        number: 'GS-2026-0007',
        corrects: 'INV-5',
        due_on: null,
        net_total: '10.00',
        tax_total: '1.90',
        gross_total: '11.90',
        open_balance: '0.00',
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'credit_note', corrects: 'INV-5', due_on: null });
  });

  describe('refuses with 400 naming the field, and stores nothing', () => {
    const megabyte = 1024 * 1024;
    const pdfOf = (bytes: number) => {
      const file = Buffer.alloc(bytes, 0x20);
      file.write('%PDF-1.7\n', 'latin1');
      return file.toString('base64');
    };
    const refusals: [string, () => Record<string, unknown>, string, RegExp | (() => RegExp)][] = [
      ['an unknown company', () => anInvoice([], { company: 'CUST-9999' }), 'company', /CUST-9999/],
      [
        'orders of another company',
        () => anInvoice([lindenhof[0]!, bosporus[0]!, 99_999]),
        'orders',
        () => new RegExp(`${bosporus[0]}, 99999 are not orders of company "CUST-1001"`),
      ],
      [
        'a gross total that is not net + tax',
        () => anInvoice([], { gross_total: '119.01' }),
        'gross_total',
        /net_total \+ tax_total \(119\.00\)/,
      ],
      [
        'an open balance above the gross total',
        () => anInvoice([], { open_balance: '119.01' }),
        'open_balance',
        /above gross_total/,
      ],
      ['a negative open balance', () => anInvoice([], { open_balance: '-1.00' }), 'open_balance', /negative/],
      [
        'a float that is not the amount meant',
        () => anInvoice([], { net_total: 0.1 + 0.2, tax_total: 0, gross_total: 0.3, open_balance: 0 }),
        'net_total',
        /decimal places/,
      ],
      [
        'money with three places',
        () => anInvoice([], { tax_total: '19.001' }),
        'tax_total',
        /decimal places/,
      ],
      ['money that is no number', () => anInvoice([], { net_total: 'a lot' }), 'net_total', /decimal number/],
      [
        'a day that does not exist',
        () => anInvoice([], { issued_on: '2026-02-30' }),
        'issued_on',
        /YYYY-MM-DD/,
      ],
      [
        'a due day before the issue day',
        () => anInvoice([], { due_on: '2026-11-19' }),
        'due_on',
        /issued_on/,
      ],
      ['an unknown kind', () => anInvoice([], { kind: 'receipt' }), 'kind', /invoice/],
      ['no number', () => anInvoice([], { number: '' }), 'number', /./],
      ['a currency that is no code', () => anInvoice([], { currency: 'euro' }), 'currency', /ISO 4217/],
      [
        'a file that is not a PDF',
        () => anInvoice([], { pdf_base64: Buffer.from('<html>invoice</html>').toString('base64') }),
        'pdf_base64',
        /%PDF/,
      ],
      [
        'a file that is not base64',
        () => anInvoice([], { pdf_base64: '%PDF-1.7 plain' }),
        'pdf_base64',
        /base64/,
      ],
      [
        'a PDF larger than 10 MB',
        () => anInvoice([], { pdf_base64: pdfOf(10 * megabyte + 1) }),
        'pdf_base64',
        /10 MB/,
      ],
      [
        'an invoice that corrects another',
        () => anInvoice([], { corrects: 'INV-5' }),
        'corrects',
        /Only a credit note/,
      ],
      [
        'a credit note of an unknown invoice',
        () => anInvoice([], { kind: 'credit_note', corrects: 'INV-404' }),
        'corrects',
        /INV-404/,
      ],
      [
        'a credit note of a credit note',
        () => anInvoice([], { kind: 'credit_note', corrects: 'CN-5' }),
        'corrects',
        /is a credit note/,
      ],
      [
        'a credit note of another company’s invoice',
        () => anInvoice([], { kind: 'credit_note', company: 'CUST-1002', corrects: 'INV-5' }),
        'corrects',
        /another company/,
      ],
    ];
    it.each(refusals)('%s', async (_case, body, field, message) => {
      const answer = await erp.put('REFUSED-1', body());
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid');
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
      expect(answer.body.errors?.[field]?.join(' ')).toMatch(
        typeof message === 'function' ? message() : message,
      );
      expect(await storedRow('REFUSED-1')).toBeUndefined();
    });

    it('every missing field', async () => {
      const answer = await erp.put('REFUSED-2', {});
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(
        [
          'company',
          'gross_total',
          'issued_on',
          'kind',
          'net_total',
          'number',
          'open_balance',
          'tax_total',
        ].sort(),
      );
    });

    it('a body that is not JSON', async () => {
      const answer = await erp.put('REFUSED-3', '{"kind": ');
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('malformed_json');
    });

    it('a change of kind', async () => {
      await erp.put('INV-6', anInvoice([]));
      const answer = await erp.put('INV-6', anInvoice([], { kind: 'credit_note' }));
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['kind']);
      expect((await erp.get('INV-6')).body.kind).toBe('invoice');
    });

    it('a body larger than 15 MB (413)', async () => {
      const answer = await erp.put('REFUSED-4', anInvoice([], { pdf_base64: pdfOf(12 * megabyte) }));
      expect(answer.status).toBe(413);
      expect(answer.body.code).toBe('payload_too_large');
      expect(await storedRow('REFUSED-4')).toBeUndefined();
    });
  });

  it('needs the scope documents:write to write or read, and a key at all', async () => {
    await erp.put('INV-7', anInvoice([]));
    for (const answer of [
      await erp.put('INV-7', anInvoice([]), { key: 'other' }),
      await erp.get('INV-7', { key: 'other' }),
    ])
      expect(answer).toMatchObject({ status: 403, body: { code: 'scope_missing' } });
    expect((await erp.put('INV-8', anInvoice([]), { key: 'none' })).status).toBe(401);
    expect((await erp.get('INV-7', { key: 'none' })).status).toBe(401);
    expect(await storedRow('INV-8')).toBeUndefined();
  });

  it('answers 404 for an external id never sent', async () => {
    expect(await erp.get('INV-404')).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});
