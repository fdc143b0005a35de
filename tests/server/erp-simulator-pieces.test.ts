import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFigures, invoicePdf } from '../../scripts/erp-simulator/invoice';
import { createLocalKey, simulatorScopes } from '../../scripts/erp-simulator/local-key';
import { OptionsError, readSimulatorOptions } from '../../scripts/erp-simulator/options';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { integrationKeyDigest } from '../../server/integration/keys';
import { pdfPageTexts } from './support/pdf-text';

describe('the ERP simulator options', () => {
  it('defaults to the local portal at speed 1, and takes flags over ERP_SIM_* variables', () => {
    expect(readSimulatorOptions([], {})).toEqual({
      portal: 'http://localhost:8080',
      port: 8099,
      host: '127.0.0.1',
      publicUrl: undefined,
      key: undefined,
      failFirst: 0,
      speed: 1,
      shortLine: false,
    });
    const options = readSimulatorOptions(
      ['--speed', 'fast', '--short-line', '--port', '9001', '--fail-first', '2'],
      {
        ERP_SIM_PORTAL: 'http://portal.test:8080/',
        ERP_SIM_PORT: '9000',
        ERP_SIM_KEY: 'opk_from_env',
      },
    );
    expect(options).toMatchObject({
      portal: 'http://portal.test:8080',
      port: 9001,
      key: 'opk_from_env',
      failFirst: 2,
      speed: 100,
      shortLine: true,
    });
  });

  it('refuses a value it cannot use, naming the option', () => {
    expect(() => readSimulatorOptions(['--speed', '0'], {})).toThrow(OptionsError);
    expect(() => readSimulatorOptions(['--port', 'eighty'], {})).toThrow('--port');
    expect(() => readSimulatorOptions(['--portal', 'ftp://portal'], {})).toThrow('--portal');
    expect(() => readSimulatorOptions(['--colour'], {})).toThrow(OptionsError);
  });
});

describe('the simulated invoice', () => {
  it('bills what arrived on a gross price basis, VAT taken out per rate and gross = net + tax', () => {
    const lines = [
      { line_id: 1, quantity: '3', amount: '10.70', tax_rate_percent: '7' },
      { line_id: 2, quantity: '2', amount: '23.80', tax_rate_percent: '19' },
    ].map((line) => ({
      ...line,
      product: { id: line.line_id, external_id: null, stock_code: 'X', name: 'Ayran' },
      unit: { id: 1, name: 'Box' },
    }));
    const figures = invoiceFigures({ price_basis: 'gross' }, { lines }, new Map([[2, '1']]));
    expect(figures.lines.map((line) => [line.quantity, line.amount])).toEqual([
      ['3', '10.70'],
      ['1', '11.90'],
    ]);
    // 10.70 gross at 7 % = 10.00 + 0.70; 11.90 gross at 19 % = 10.00 + 1.90
    expect(figures).toMatchObject({ net_total: '20.00', tax_total: '2.60', gross_total: '22.60' });
  });

  it("takes a short line's goods and deposit down in proportion, to the cent, and the charges in full", () => {
    const lines = [
      { line_id: 1, quantity: '3', amount: '10.00', deposit_amount: '0.80', tax_rate_percent: '7' },
      { line_id: 2, quantity: '2', amount: '0.25', deposit_amount: '0.25', tax_rate_percent: '19' },
    ].map((line) => ({
      ...line,
      product: { id: line.line_id, external_id: null, stock_code: 'X', name: `Ayran ${line.line_id}` },
      unit: { id: 1, name: 'Box' },
    }));
    const extra_charges = [{ name: 'Delivery fee', amount: '11.78', tax_rate_percent: '19' }];
    const figures = invoiceFigures(
      { price_basis: 'gross' },
      { lines, extra_charges },
      new Map([
        [1, '2'],
        [2, '1'],
      ]),
    );
    // 2/3 of 10.00 and 0.80; half of 0.25 is 0.125, to the even cent 0.12
    expect(
      figures.lines.map((line) => [line.kind, line.name, line.quantity, line.ratePercent, line.amount]),
    ).toEqual([
      ['goods', 'Ayran 1', '2', '7', '6.67'],
      ['deposit', 'Deposit: Ayran 1', '2', '7', '0.53'],
      ['goods', 'Ayran 2', '1', '19', '0.12'],
      ['deposit', 'Deposit: Ayran 2', '1', '19', '0.12'],
      ['charge', 'Delivery fee', '', '19', '11.78'],
    ]);
    // 7 %: 7.20 = 6.73 + 0.47; 19 %: 12.02 = 10.10 + 1.92
    expect(figures).toMatchObject({
      rates: [
        { ratePercent: '7', net: '6.73', tax: '0.47', gross: '7.20' },
        { ratePercent: '19', net: '10.10', tax: '1.92', gross: '12.02' },
      ],
      net_total: '16.83',
      tax_total: '2.39',
      gross_total: '19.22',
    });
  });

  it('prints the goods, the deposits and the charges with VAT per rate', async () => {
    const line = {
      line_id: 1,
      quantity: '2',
      amount: '21.40',
      deposit_amount: '0.50',
      tax_rate_percent: '7',
      product: { id: 1, external_id: null, stock_code: 'X', name: 'Ayran 250 ml' },
      unit: { id: 1, name: 'Box' },
    };
    const extra_charges = [{ name: 'Cold chain surcharge', amount: '5.36', tax_rate_percent: '19' }];
    const figures = invoiceFigures({ price_basis: 'gross' }, { lines: [line], extra_charges }, new Map());
    const pdf = await invoicePdf({
      number: 'RE-2026-100045',
      issuedOn: '2026-12-01',
      dueOn: '2026-12-15',
      companyName: 'Gasthaus Linde',
      orderId: 41,
      reference: 'SO-45',
      deliveryNote: 'LS-4700045',
      figures,
    });
    const [text] = await pdfPageTexts(pdf);
    for (const shown of [
      'Ayran 250 ml',
      'Deposit: Ayran 250 ml',
      'Cold chain surcharge',
      'VAT included',
      'VAT 7 % of 20.47',
      'VAT 19 % of 4.50',
      '27.26',
    ])
      expect(text).toContain(shown);
  });
});

describe('the key the simulator makes on the local portal database', () => {
  let database: ScratchDatabase;
  beforeAll(async () => {
    database = await createScratchDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('holds the three scopes it calls with, and is revoked when the simulator stops', async () => {
    const env =
      'databaseUrl' in database.connection
        ? { DATABASE_URL: database.connection.databaseUrl }
        : { DATA_DIR: database.connection.dataDir };
    const key = await createLocalKey(env, () => new Date('2026-11-28T10:00:00Z'));
    const stored = () =>
      database.db
        .selectFrom('integration_keys')
        .select(['scopes', 'created_by', 'revoked_at'])
        .where('key_digest', '=', integrationKeyDigest(key.secret))
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({
      scopes: simulatorScopes.join(' '),
      created_by: 'erp-simulator',
      revoked_at: null,
    });
    await key.revoke();
    expect((await stored()).revoked_at).toBe('2026-11-28T10:00:00.000Z');
  });

  it('is not made where there is no portal database: a key has to be given', async () => {
    await expect(createLocalKey({ DATA_DIR: '/nonexistent/portal-data' }, () => new Date())).rejects.toThrow(
      /no portal database .*give --key/,
    );
  });
});
