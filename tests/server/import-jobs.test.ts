import * as XLSX from '@e965/xlsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/api-error';
import { CHUNK_BYTES } from '../../server/imports/job-files';
import {
  allKinds,
  createJob,
  csv,
  effects,
  type JobsHarness,
  jobEnded,
  postFile,
  readJob,
  reportRows,
  startJobsHarness,
  testKind,
} from './support/import-jobs';

let harness: JobsHarness;
beforeEach(async () => {
  harness = await startJobsHarness();
});
afterEach(async () => {
  await harness.close();
});

describe('an import job from a CSV file', () => {
  it('applies the good rows and reports the bad one with its row number and reason', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const created = await createJob(
      app,
      csv('Item code;Price;Ignored', 'A1;1.50;x', 'A2;bad;x', '', 'A3;2.00;x'),
    );
    expect(created).toMatchObject({
      kind: 'products',
      mode: 'delta',
      format: 'csv',
      file_name: 'items.csv',
      created_by: 'key:test',
    });

    const job = await jobEnded(app, created.id);
    expect(job).toMatchObject({
      status: 'done',
      rows_total: 3,
      rows_done: 3,
      applied: 2,
      unchanged: 0,
      refused: 1,
      retired: 0,
      error: null,
    });
    expect(await reportRows(app, created.id, '&outcome=refused')).toEqual([
      {
        seq: 2,
        row_number: 3,
        external_id: 'A2',
        outcome: 'refused',
        reason: 'value_invalid',
        detail: '=value "bad" is not a value.',
      },
    ]);
    expect((await reportRows(app, created.id)).map((row) => [row.row_number, row.outcome])).toEqual([
      [2, 'applied'],
      [3, 'refused'],
      [5, 'applied'],
    ]);
    expect(await effects(harness.db)).toEqual([
      { external_id: 'A1', value: '1.50', writes: 1, retired: 0 },
      { external_id: 'A3', value: '2.00', writes: 1, retired: 0 },
    ]);
  });

  it('answers 202 with the job and where to find it', async () => {
    const response = await postFile(harness.app(), 'prices', csv('id,value', 'A1,1'));
    expect(response.status).toBe(202);
    const job = (await response.json()) as { id: string; status: string; file_bytes: number };
    expect(response.headers.get('Location')).toBe(`/imports/${job.id}`);
    expect(job).toMatchObject({ status: 'queued', file_bytes: 16 });
  });

  it('makes the same file a second job whose rows all end unchanged', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const file = csv('id,value', 'A1,1', 'A2,2');
    await jobEnded(app, (await createJob(app, file)).id);
    const second = await jobEnded(app, (await createJob(app, file)).id);
    expect(second).toMatchObject({ status: 'done', applied: 0, unchanged: 2, refused: 0 });
    expect((await effects(harness.db)).map((effect) => effect.writes)).toEqual([1, 1]);
  });

  it('retires, in a snapshot, what the file no longer names, once, and reports it', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    await jobEnded(app, (await createJob(app, csv('id,value', 'A1,1', 'A2,2', 'A3,3'))).id);
    const snapshot = await createJob(app, csv('id,value', 'A2,2', 'A3,bad'), 'mode=snapshot');
    const job = await jobEnded(app, snapshot.id);

    expect(job).toMatchObject({ status: 'done', mode: 'snapshot', unchanged: 1, refused: 1, retired: 1 });
    expect(kind.retireCalls).toBe(1);
    expect((await reportRows(app, snapshot.id)).at(-1)).toEqual({
      seq: 3,
      row_number: null,
      external_id: 'A1',
      outcome: 'retired',
      reason: null,
      detail: null,
    });
  });

  it('reads a quoted field whose line break and characters straddle the 1 MiB chunk boundary', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const header = 'id,value\n';
    const filler = (index: number) => `F${String(index).padStart(4, '0')},${'x'.repeat(10_000)}\n`;
    let text = header;
    let index = 0;
    while (Buffer.byteLength(text) + 20_100 < CHUNK_BYTES) text += filler(index++);
    // the boundary falls inside the quoted value: between its line break's CR and LF, or near it
    const before = `Q1,"line one ${'é'.repeat(2)}`;
    const padding = CHUNK_BYTES - Buffer.byteLength(text) - Buffer.byteLength(before) - 1;
    const quoted = `${before}${'y'.repeat(padding)}\r\nline "" two é"\nL1,last\n`;
    text += quoted;
    expect(Buffer.byteLength(text)).toBeGreaterThan(CHUNK_BYTES);

    const job = await jobEnded(app, (await createJob(app, text)).id);
    expect(job).toMatchObject({ status: 'done', rows_total: index + 2, refused: 0 });
    const stored = await effects(harness.db);
    expect(stored.find((effect) => effect.external_id === 'Q1')?.value).toBe(
      `line one éé${'y'.repeat(padding)}\r\nline " two é`,
    );
    const rows = await reportRows(app, job.id);
    // the quoted line break keeps the rows after it numbered as a spreadsheet numbers them
    expect(rows.at(-1)).toMatchObject({ external_id: 'L1', row_number: index + 3 });
  });

  it('fails an unreadable file and a file missing a required column, naming the column', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const binary = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
    const unreadable = await jobEnded(app, (await createJob(app, binary)).id);
    const missing = await jobEnded(app, (await createJob(app, csv('id,amount', 'A1,1'))).id);
    const empty = await jobEnded(app, (await createJob(app, csv('id,value'))).id);

    expect(unreadable).toMatchObject({ status: 'failed', error: { code: 'file_unreadable' } });
    expect(missing).toMatchObject({ status: 'failed', error: { code: 'columns_missing' } });
    expect(missing.error?.detail).toContain('value');
    expect(empty).toMatchObject({ status: 'failed', error: { code: 'file_empty' } });
    expect(await effects(harness.db)).toEqual([]);
  });
});

describe('an import job from a workbook', () => {
  it('reads the first sheet, numbers as their shortest exact text', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const sheet = XLSX.utils.aoa_to_sheet([['Code', 'Price'], ['W1', 0.1], ['W2', 1.5], [], ['W3', 'text']]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Prices');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    const created = await createJob(app, new Uint8Array(bytes), 'mode=delta', 'application/octet-stream');
    expect(created).toMatchObject({ format: 'xlsx', file_name: 'upload.xlsx' });
    expect(await jobEnded(app, created.id)).toMatchObject({ status: 'done', applied: 3 });
    expect((await effects(harness.db)).map((effect) => effect.value)).toEqual(['0.1', '1.5', 'text']);
    expect((await reportRows(app, created.id)).map((row) => row.row_number)).toEqual([2, 3, 5]);
  });
});

describe('an import job from a JSON batch', () => {
  it('applies the rows and refuses an item that is not an object', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const body = JSON.stringify({
      mode: 'delta',
      rows: [{ id: 'J1', value: '3' }, 7, { id: 'J2', value: '4' }],
    });
    const created = await createJob(app, body, '', 'application/json');
    expect(created).toMatchObject({ format: 'json', file_name: 'batch.json' });
    const job = await jobEnded(app, created.id);
    expect(job).toMatchObject({ status: 'done', applied: 2, refused: 1 });
    expect((await reportRows(app, created.id, '&outcome=refused'))[0]).toMatchObject({
      row_number: 2,
      reason: 'row_invalid',
    });
  });

  it('refuses a batch whose rows are not a list, and one over 10 MB', async () => {
    const app = harness.app();
    const notList = await postFile(
      app,
      'products',
      JSON.stringify({ mode: 'delta', rows: {} }),
      '',
      'application/json',
    );
    expect(notList.status).toBe(400);
    expect(await notList.json()).toMatchObject({ code: 'invalid', errors: { rows: expect.any(Array) } });
    const huge = JSON.stringify({ mode: 'delta', rows: [{ id: 'x'.repeat(10 * 1024 * 1024) }] });
    const tooLarge = await postFile(app, 'products', huge, '', 'application/json');
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'payload_too_large' });
    const list = (await (await app.request('/imports')).json()) as { results: unknown[] };
    expect(list.results).toEqual([]);
  });
});

describe('the job calls', () => {
  it('list jobs newest first, page by created_at, and answer 404 for an unknown job or kind', async () => {
    const app = harness.app();
    const first = await createJob(app, csv('id,value', 'A,1'));
    harness.clock.advance(1000);
    const second = await createJob(app, csv('id,value', 'B,1'));
    const all = (await (await app.request('/imports?limit=20')).json()) as { results: { id: string }[] };
    expect(all.results.map((job) => job.id)).toEqual([second.id, first.id]);
    const older = (await (
      await app.request(`/imports?before=${encodeURIComponent(second.created_at)}`)
    ).json()) as {
      results: { id: string }[];
    };
    expect(older.results.map((job) => job.id)).toEqual([first.id]);
    expect((await app.request('/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await app.request('/imports/not-a-uuid')).status).toBe(404);
    expect((await postFile(app, 'widgets', csv('id,value', 'A,1'))).status).toBe(404);
    expect((await app.request('/imports?limit=0')).status).toBe(400);
  });

  it('download the report as CSV, with formula-like cells neutralised', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const job = await jobEnded(app, (await createJob(app, csv('id,value', 'A1,1', 'A2,bad'))).id);
    const response = await app.request(`/imports/${job.id}/report`);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="import-${job.id}-report.csv"`,
    );
    expect(await response.text()).toBe(
      csv(
        'row,external_id,outcome,reason,detail',
        '2,A1,applied,,',
        `3,A2,refused,value_invalid,"'=value ""bad"" is not a value."`,
      ),
    );
  });

  it('page the JSON report with next_after', async () => {
    const kind = testKind();
    const { queue } = await harness.worker(allKinds(kind.handler));
    const app = harness.app(queue);
    const job = await jobEnded(app, (await createJob(app, csv('id,value', 'A1,1', 'A2,2', 'A3,3'))).id);
    const page = (await (await app.request(`/imports/${job.id}/report.json?limit=2`)).json()) as {
      rows: { seq: number }[];
      next_after: number | null;
    };
    expect(page.rows.map((row) => row.seq)).toEqual([1, 2]);
    expect(page.next_after).toBe(2);
    const last = (await (await app.request(`/imports/${job.id}/report.json?limit=2&after=2`)).json()) as {
      rows: { seq: number }[];
      next_after: number | null;
    };
    expect(last).toMatchObject({ rows: [{ seq: 3 }], next_after: null });
  });

  it('show a job only to a caller who may read it', async () => {
    const job = await createJob(harness.app(), csv('id,value', 'A,1'));
    const { importJobRoutes } = await import('../../server/imports/job-routes');
    const { Hono } = await import('hono');
    const app = new Hono();
    app.route(
      '/imports',
      importJobRoutes(
        { db: harness.db, now: harness.clock.now },
        { actor: () => 'key:other', mayCreate: () => false, mayRead: () => false },
      ),
    );
    app.onError((error, c) => {
      if (error instanceof ApiError) return c.json(error.body, error.status);
      throw error;
    });
    expect((await app.request(`/imports/${job.id}`)).status).toBe(403);
    expect(await (await app.request('/imports')).json()).toEqual({ results: [] });
    const refused = await app.request('/imports/prices?mode=delta', { method: 'POST', body: 'id,value\n' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'scope_missing',
      detail: expect.stringContaining('prices:write'),
    });
    expect((await readJob(harness.app(), job.id)).status).toBe('queued');
  });
});
