import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Product } from '../../../src/domain/types';
import {
  type BuildFileInput,
  type ProductCsvExportEmitted,
  type ProductCsvExportEvent,
  productCsvExportMachine,
} from '../../../src/machines/catalogue/product-csv-export.machine';
import { selectCsvExportFailure } from '../../../src/machines/catalogue/product-csv-export.selectors';
import type { FileToSave } from '../../../src/services/save-file';
import { aProduct } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';
import { headers, requested } from './product-csv-export.fixtures';

vi.spyOn(console, 'error').mockImplementation(() => {});

const product = (id: number, name: string, price: string): Product =>
  aProduct({
    id,
    name,
    image: `/media/products/${id}.svg`,
    brand: { id: 4, name: 'Alpenhof' },
    category: { id: 2, name: 'Dairy & Cheese' },
    price,
    oldPrice: null,
    taxRatePercent: '7',
    stockCode: `DAI-0000${id}`,
    barcode: `400000000001${id}`,
    quantityInStock: 240,
  });
const products = [product(1, 'Käse Gouda', '1234.50'), product(2, 'Butter', '2.00')];
const csvFile: FileToSave = { content: 'csv', fileName: 'Alpenhof.csv', mimeType: 'text/csv;charset=utf-8' };
const denied = Object.assign(new Error('downloads blocked'), { name: 'NotAllowedError' });
const progressed = (status: 'idle' | 'loading' | 'failed', loaded: number) =>
  ({ type: 'csvExport.listProgressed', status, loaded, count: 300 }) satisfies ProductCsvExportEvent;

const model = modelFor(productCsvExportMachine, {
  // the list's reports differ before and after the export asked for every row, so the paths also
  // take the transitions from `collecting.fetching` back into it
  events: (s) => [
    requested,
    ...(s.matches({ collecting: 'preparing' })
      ? [progressed('idle', 100), progressed('loading', 100), progressed('failed', 100)]
      : [progressed('idle', 200), progressed('loading', 250), progressed('failed', 250)]),
    { type: 'csvExport.listCompleted', products },
    { type: 'xstate.done.actor.buildFile', output: csvFile },
    { type: 'xstate.error.actor.buildFile', error: new Error('out of memory') },
    { type: 'xstate.done.actor.saveFile', output: undefined },
    { type: 'xstate.error.actor.saveFile', error: denied },
    { type: 'xstate.error.actor.saveFile', error: new Error('disk full') },
  ],
  // the guards read only the list's report (an event), never the context
  serializeState: (s) => JSON.stringify(s.value),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('productCsvExport', productCsvExportMachine, paths);

function createSut() {
  const buildFile = controllableActor<FileToSave, BuildFileInput>();
  const saveFile = controllableActor<void, FileToSave>();
  const actor = createActor(
    productCsvExportMachine.provide({ actors: { buildFile: buildFile.logic, saveFile: saveFile.logic } }),
  ).start();
  const emitted: ProductCsvExportEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  /** the model event that led to the state under test */
  return { actor, buildFile, saveFile, emitted, last: undefined as ModelEvent | undefined, emittedBefore: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  sut.last = step.event as ModelEvent;
  sut.emittedBefore = sut.emitted.length;
  sut.actor.send(step.event as ProductCsvExportEvent);
};
const settleWith =
  (actor: 'buildFile' | 'saveFile', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    sut.last = event;
    const call = sut[actor].next();
    if (outcome === 'resolve') (call.resolve as (v: unknown) => void)(event.output);
    else call.reject(event.error);
    await settle();
  };
const executors = {
  'csvExport.requested': send,
  'csvExport.listProgressed': send,
  'csvExport.listCompleted': send,
  'csvExport.retried': send,
  'csvExport.dismissed': send,
  'xstate.done.actor.buildFile': settleWith('buildFile', 'resolve'),
  'xstate.error.actor.buildFile': settleWith('buildFile', 'reject'),
  'xstate.done.actor.saveFile': settleWith('saveFile', 'resolve'),
  'xstate.error.actor.saveFile': settleWith('saveFile', 'reject'),
};
assertExecutorsFor(walked, executors);

describe('product list CSV export (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: () => {
          expect(sut.actor.getSnapshot().hasTag('busy')).toBe(false);
          expect(sut.actor.getSnapshot().context.file).toBeNull();
        },
        'collecting.preparing': () => {
          expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
          // a retry asks the list to try its failed page again; a first request does not
          const retryWanted = sut.emitted
            .slice(sut.emittedBefore)
            .filter((event) => event.type === 'csvExport.listRetryWanted');
          expect(retryWanted).toHaveLength(sut.last?.type === 'csvExport.retried' ? 1 : 0);
        },
        'collecting.fetching': () => {
          expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(sut.actor.getSnapshot().context.loaded).toBe(sut.last?.loaded);
          // an idle list is asked for every row; a loading one is left to finish
          expect(sut.emitted.slice(sut.emittedBefore)).toEqual(
            sut.last?.status === 'idle'
              ? [{ type: 'csvExport.rowsWanted', startIndex: 0, endIndex: 299 }]
              : [],
          );
        },
        building: () => {
          expect(sut.buildFile.calls.at(-1)?.input).toEqual({
            products,
            request: { fileName: 'Alpenhof', headers, decimalPlaces: 2, basis: 'net', language: 'de' },
          });
        },
        downloading: () => {
          expect(sut.saveFile.calls.at(-1)?.input).toEqual(csvFile);
        },
        failed: () => {
          const expected =
            sut.last?.type === 'csvExport.listProgressed'
              ? 'pageFailed'
              : sut.last?.error === denied
                ? 'permissionDenied'
                : 'unknown';
          expect(selectCsvExportFailure(sut.actor.getSnapshot())).toBe(expected);
        },
      },
    });
  });
});

describe('product list CSV export (default buildFile)', () => {
  it('builds the CSV with the domain rule, in the requested language, and hands it to saveFile', async () => {
    const saveFile = controllableActor<void, FileToSave>();
    const actor = createActor(
      productCsvExportMachine.provide({ actors: { saveFile: saveFile.logic } }),
    ).start();
    actor.send(requested);
    actor.send({ type: 'csvExport.listCompleted', products });
    await settle();
    const file = saveFile.next();
    expect(file.input.fileName).toBe('Alpenhof.csv');
    expect(file.input.content).toBe(
      '\uFEFFStock code;Barcode;Name;Brand;Category;Price;Old price;In stock\r\n' +
        'DAI-00001;4000000000011;Käse Gouda;Alpenhof;Dairy & Cheese;1234,50;;240\r\n' +
        'DAI-00002;4000000000012;Butter;Alpenhof;Dairy & Cheese;2,00;;240\r\n',
    );
    file.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });
});
