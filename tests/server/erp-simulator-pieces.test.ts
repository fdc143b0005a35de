import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFigures } from '../../scripts/erp-simulator/invoice';
import { createLocalKey, simulatorScopes } from '../../scripts/erp-simulator/local-key';
import { OptionsError, readSimulatorOptions } from '../../scripts/erp-simulator/options';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { integrationKeyDigest } from '../../server/integration/keys';

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
