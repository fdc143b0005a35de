import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runImportJob } from '../../server/imports/run-import-job';
import {
  allKinds,
  createJob,
  csv,
  effects,
  type JobsHarness,
  jobEnded,
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

const quiet = { warn: () => {}, error: () => {} };
const sevenRows = csv('id,value', 'R1,1', 'R2,2', 'R3,bad', 'R4,4', 'R5,5', 'R6,6', 'R7,7');

/** Every row of the file reported once, in file order, and every good row written once. */
async function expectEachRowOnce(jobId: string) {
  const rows = await reportRows(harness.app(), jobId);
  expect(rows.map((row) => [row.seq, row.row_number])).toEqual([
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 6],
    [6, 7],
    [7, 8],
  ]);
  expect((await effects(harness.db)).map((effect) => [effect.external_id, effect.writes])).toEqual([
    ['R1', 1],
    ['R2', 1],
    ['R4', 1],
    ['R5', 1],
    ['R6', 1],
    ['R7', 1],
  ]);
}

describe('an import job interrupted mid-way', () => {
  it('keeps the batches done, shows the progress, and a fresh worker finishes it without a row lost or doubled', async () => {
    const app = harness.app();
    const { id } = await createJob(app, sevenRows);
    // The second batch crashes after its writes: they roll back with it.
    const crashing = testKind({ failOnBatch: (batch) => batch === 2 });
    await expect(
      runImportJob(
        {
          db: harness.db,
          handlers: allKinds(crashing.handler),
          now: harness.clock.now,
          batchRows: 2,
          log: quiet,
        },
        id,
      ),
    ).rejects.toThrow('batch 2 crashes');
    expect(await readJob(app, id)).toMatchObject({
      status: 'running',
      rows_done: 2,
      rows_total: null,
      applied: 2,
      error: null,
    });

    const { queue } = await harness.worker(allKinds(testKind().handler), {
      batchRows: 2,
      ownConnection: true,
    });
    const job = await jobEnded(harness.app(queue), id);
    expect(job).toMatchObject({
      status: 'done',
      rows_total: 7,
      rows_done: 7,
      applied: 6,
      refused: 1,
      unchanged: 0,
    });
    await expectEachRowOnce(id);
  });

  it('is taken up by another worker once the heartbeat of the process that died is stale', async () => {
    const app = harness.app();
    const { id } = await createJob(app, sevenRows);
    const crashing = testKind({ failOnBatch: (batch) => batch === 3 });
    await expect(
      runImportJob(
        {
          db: harness.db,
          handlers: allKinds(crashing.handler),
          now: harness.clock.now,
          batchRows: 2,
          log: quiet,
        },
        id,
      ),
    ).rejects.toThrow();
    // As a killed process leaves it: running, its last heartbeat fresh.
    await harness.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: harness.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    const skipped = await runImportJob(
      { db: harness.db, handlers: allKinds(testKind().handler), now: harness.clock.now, log: quiet },
      id,
    );
    expect(skipped).toBe('skipped');

    harness.clock.advance(31_000);
    const { queue } = await harness.worker(allKinds(testKind().handler), {
      batchRows: 2,
      ownConnection: true,
    });
    expect(await jobEnded(harness.app(queue), id)).toMatchObject({
      status: 'done',
      rows_done: 7,
      applied: 6,
    });
    await expectEachRowOnce(id);
  });

  it('fails with internal_error after three unexpected failures', async () => {
    const { id } = await createJob(harness.app(), sevenRows);
    const broken = testKind({ failOnBatch: () => true });
    const run = () =>
      runImportJob(
        {
          db: harness.db,
          handlers: allKinds(broken.handler),
          now: harness.clock.now,
          batchRows: 2,
          log: quiet,
        },
        id,
      );
    await expect(run()).rejects.toThrow();
    await expect(run()).rejects.toThrow();
    expect(await run()).toBe('failed');
    expect(await readJob(harness.app(), id)).toMatchObject({
      status: 'failed',
      rows_done: 0,
      error: { code: 'internal_error' },
    });
    expect(await effects(harness.db)).toEqual([]);
  });
});

describe('a worker told to stop', () => {
  it('stops after its batch and leaves the job to the next worker, which finishes it', async () => {
    const { id } = await createJob(harness.app(), sevenRows);
    let stopFirst = () => {};
    const kind = testKind({
      failOnBatch: (batch) => {
        // the shutdown arrives while the first batch is being applied
        if (batch === 1) stopFirst();
        return false;
      },
    });
    const first = await harness.worker(allKinds(kind.handler), { batchRows: 2 });
    const stopped = new Promise<void>((resolve) => {
      stopFirst = () => {
        first.worker.stop().then(resolve, resolve);
      };
    });
    await first.queue.send(id);
    await stopped;
    expect(await readJob(harness.app(), id)).toMatchObject({ status: 'running', rows_done: 2 });

    const { queue } = await harness.worker(allKinds(testKind().handler), {
      batchRows: 2,
      ownConnection: true,
    });
    expect(await jobEnded(harness.app(queue), id)).toMatchObject({
      status: 'done',
      rows_done: 7,
      applied: 6,
    });
    await expectEachRowOnce(id);
  });
});

describe('several workers on one database', () => {
  it('run each job exactly once', async () => {
    const kind = testKind();
    const first = await harness.worker(allKinds(kind.handler), { batchRows: 2 });
    const second = await harness.worker(allKinds(kind.handler), { batchRows: 2, ownConnection: true });
    const app = harness.app(first.queue);
    const ids: string[] = [];
    for (const [index, queue] of [first.queue, second.queue, first.queue].entries()) {
      const rows = Array.from({ length: 5 }, (_, row) => `J${index}-${row},${index}`);
      ids.push((await createJob(harness.app(queue), csv('id,value', ...rows))).id);
    }
    for (const id of ids)
      expect(await jobEnded(app, id)).toMatchObject({ status: 'done', applied: 5, rows_done: 5 });
    for (const id of ids) expect((await reportRows(app, id)).map((row) => row.seq)).toEqual([1, 2, 3, 4, 5]);
    const written = await effects(harness.db);
    expect(written).toHaveLength(15);
    expect(written.every((effect) => effect.writes === 1)).toBe(true);
  });

  it('apply a job run twice at the same moment once', async () => {
    const { id } = await createJob(harness.app(), sevenRows);
    const kind = testKind();
    const options = { handlers: allKinds(kind.handler), now: harness.clock.now, batchRows: 2, log: quiet };
    const results = await Promise.all([
      runImportJob({ ...options, db: harness.db }, id),
      runImportJob({ ...options, db: harness.secondHandle() }, id),
    ]);
    expect(results.filter((result) => result === 'done')).toHaveLength(1);
    expect(await readJob(harness.app(), id)).toMatchObject({
      status: 'done',
      rows_done: 7,
      applied: 6,
      refused: 1,
    });
    await expectEachRowOnce(id);
  });
});
