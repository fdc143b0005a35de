import { afterEach, describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromCallback } from 'xstate';
import { validateQuickOrderRows } from '../../../src/domain/quick-order';
import type { Product, Unit } from '../../../src/domain/types';
import type { CartActorRef } from '../../../src/machines/cart/cart.machine';
import {
  type AddLinesInput,
  bindQuickOrder,
  type CheckedRows,
  type QuickOrderEvent,
  type QuickOrderReadInput,
  quickOrderMachine,
} from '../../../src/machines/quick-order/quick-order.machine';
import {
  selectAddMode,
  selectBusyPhase,
  selectCanAdd,
  selectInCartChanges,
  selectQuickOrderStage,
  selectValidRowCount,
} from '../../../src/machines/quick-order/quick-order.selectors';
import type { CartBulkLineResult } from '../../../src/services/api/cart';
import type { ParsedRow, QuickOrderParseResult } from '../../../src/services/spreadsheet';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { aProduct, piece } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const gouda = aProduct({ id: 7, name: 'Gouda', stockCode: 'DAI-1', quantityInStock: 100, unitAmounts: [] });

const aRow = (rowNumber: number, stockCode: string, quantity: number | null): ParsedRow => ({
  rowNumber,
  sourceRowNumbers: [rowNumber],
  stockCode,
  codeKind: 'stockCode',
  quantityText: quantity === null ? 'x' : String(quantity),
  quantity,
  unitText: '',
  problems: quantity === null ? ['invalidQuantity'] : [],
});
const rowsRead: QuickOrderParseResult = {
  kind: 'rows',
  rows: [aRow(2, 'DAI-1', 2), aRow(3, 'NOPE', 1)],
  notices: [],
  headerRowNumber: 1,
};
const checked = (products: Map<string, Product>, units: Unit[]): CheckedRows => ({
  rows: validateQuickOrderRows(rowsRead.kind === 'rows' ? rowsRead.rows : [], {
    productsByCode: products,
    units,
  }),
  units,
});
const found = checked(new Map([['DAI-1', gouda]]), [piece]);
const nothingFound = checked(new Map(), []);
const stored: CartBulkLineResult[] = [
  { index: 0, product: 7, status: 'added', written: { id: 1, quantity: '2', unit: 1 }, previous: null },
];
const file = new File(['Stock code;Quantity\nDAI-1;2\nNOPE;1'], 'order.csv', { type: 'text/csv' });

const model = modelFor(quickOrderMachine, {
  events: [
    { type: 'quickOrder.fileChosen', file },
    { type: 'quickOrder.textSubmitted', text: 'DAI-1;2\nNOPE;1' },
    { type: 'quickOrder.rowsTyped', rows: [{ code: 'DAI-1', quantity: '2' }] },
    { type: 'quickOrder.progressed', done: 1000, total: 4000 },
    { type: 'quickOrder.read', result: rowsRead },
    { type: 'quickOrder.read', result: { kind: 'error', error: 'incorrectFormat' } },
    { type: 'quickOrder.read', result: { kind: 'rows', rows: [], notices: [], headerRowNumber: null } },
    { type: 'quickOrder.readFailed', error: new Error('worker crashed') },
    { type: 'xstate.done.actor.lookUp', output: found },
    { type: 'xstate.done.actor.lookUp', output: nothingFound },
    { type: 'xstate.error.actor.lookUp', error: httpError(503) },
    // a backend without the lookup answers its call with a bare 404: the search finds the codes instead
    { type: 'xstate.error.actor.lookUp', error: httpError(404, 'no_such_call') },
    { type: 'xstate.done.actor.searchCodes', output: found },
    { type: 'xstate.error.actor.searchCodes', error: httpError(503) },
    { type: 'quickOrder.quantityChanged', rowNumber: 2, text: '5' },
    { type: 'quickOrder.quantityChanged', rowNumber: 2, text: 'many' },
    { type: 'quickOrder.unitChanged', rowNumber: 2, unitId: 1 },
    { type: 'quickOrder.rowDropped', rowNumber: 2 },
    { type: 'quickOrder.modeChosen', mode: 'replace' },
    { type: 'xstate.done.actor.addLines', output: stored },
    { type: 'xstate.error.actor.addLines', error: httpError(500) },
    // a backend without the bulk add answers 405: the lines go in one by one instead
    { type: 'xstate.error.actor.addLines', error: httpError(405) },
    { type: 'xstate.done.actor.addEachLine', output: stored },
    { type: 'xstate.error.actor.addEachLine', error: httpError(500) },
    // the cart watcher: Gouda is in the cart, 1 piece
    { type: 'quickOrder.cartChanged', lines: [{ productId: 7, quantity: '1', unit: 1 }] },
    // the box emptied by hand
    { type: 'quickOrder.pasteChanged', text: '' },
    // what the draft keeper answers on start after a reload
    { type: 'quickOrder.draftRestored', draft: { pasteText: 'DAI-1;2\nNOPE;1' } },
  ],
  // the guards read whether a valid row is left (`hasValidRows`) and what the backend offers; the
  // parse result they read is in the event
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      selectValidRowCount(s as never) > 0,
      s.context.canLookUp,
      s.context.canAddInBulk,
    ]),
});
// A progress report, the paste box, and the preview's unit, row and mode edits change no state and no
// guard's answer: shortest paths never take them; these paths do.
const toPreview: ModelEvent[] = [
  { type: 'quickOrder.fileChosen', file },
  { type: 'quickOrder.progressed', done: 1000, total: 4000 },
  { type: 'quickOrder.read', result: rowsRead },
  { type: 'xstate.done.actor.lookUp', output: found },
  { type: 'quickOrder.cartChanged', lines: [{ productId: 7, quantity: '1', unit: 1 }] },
];
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([
    { type: 'quickOrder.draftRestored', draft: { pasteText: 'DAI-1;2\nNOPE;1' } },
    { type: 'quickOrder.pasteChanged', text: '' },
  ]),
  ...model.getPathsFromEvents([
    ...toPreview,
    { type: 'quickOrder.unitChanged', rowNumber: 2, unitId: 1 },
    { type: 'quickOrder.modeChosen', mode: 'replace' },
    { type: 'quickOrder.addRequested' },
    { type: 'xstate.done.actor.addLines', output: stored },
  ]),
  ...model.getPathsFromEvents([...toPreview, { type: 'quickOrder.rowDropped', rowNumber: 2 }]),
];
const walked = pathsToWalk('quickOrder', quickOrderMachine, paths);

function createSut() {
  const readers: Array<{
    input: QuickOrderReadInput;
    sendBack: (event: QuickOrderEvent) => void;
    stopped: boolean;
  }> = [];
  const readSource = fromCallback<QuickOrderEvent, QuickOrderReadInput>(({ input, sendBack }) => {
    const reader = { input, sendBack, stopped: false };
    readers.push(reader);
    return () => {
      reader.stopped = true;
    };
  });
  const lookUp = controllableActor<CheckedRows, { rows: ParsedRow[] }>();
  const addLines = controllableActor<CartBulkLineResult[], AddLinesInput>();
  const searchCodes = controllableActor<CheckedRows, { rows: ParsedRow[] }>();
  const addEachLine = controllableActor<CartBulkLineResult[], AddLinesInput>();
  const cartEvents: AnyEventObject[] = [];
  const cart = createActor(
    fromCallback(({ receive }) => {
      receive((event) => cartEvents.push(event));
    }),
  ).start();
  const watchers: Array<(event: QuickOrderEvent) => void> = [];
  const watchCart = fromCallback<QuickOrderEvent>(({ sendBack }) => {
    watchers.push(sendBack);
  });
  // bound to the ports (the cart refetch goes to `ports.cart()`), the I/O actors controlled by the test
  const actor = createActor(
    bindQuickOrder(testPorts(unusedApi, cart as unknown as CartActorRef)).provide({
      actors: {
        readSource,
        lookUp: lookUp.logic,
        searchCodes: searchCodes.logic,
        addLines: addLines.logic,
        addEachLine: addEachLine.logic,
        watchCart,
      },
    }),
    { input: {} },
  ).start();
  return {
    actor,
    readers,
    lookUp,
    searchCodes,
    addLines,
    addEachLine,
    cartEvents,
    cart,
    watchers,
    /** what the customer did, kept here: the mode chosen since the import began, the cart's lines */
    mode: 'add' as string,
    cartHasLines: false,
    /** the source the reader must be given, and what the context keeps of it */
    source: null as { reader: QuickOrderReadInput; kept: unknown } | null,
  };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => {
  sut?.actor.stop();
  sut?.cart.stop();
});

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as QuickOrderEvent);
/** The reader's messages come from the running reader, as the worker's would. */
const fromReader = (step: { event: { type: string } }) => {
  const reader = sut.readers.at(-1)!;
  expect(reader.stopped).toBe(false);
  reader.sendBack(step.event as QuickOrderEvent);
};
const settleCall =
  (which: 'lookUp' | 'searchCodes' | 'addLines' | 'addEachLine', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut[which].next();
    if (outcome === 'resolve') call.resolve(event.output as never);
    else call.reject(event.error);
    await settle();
  };
/** Every import (and every way back to the import area) starts adding, not replacing. */
const startOver = (step: { event: { type: string } }) => {
  sut.mode = 'add';
  send(step);
};
const executors = {
  'quickOrder.fileChosen': (step: { event: { type: string } }) => {
    sut.source = {
      reader: { kind: 'file', file },
      kept: { kind: 'file', name: 'order.csv', size: file.size },
    };
    startOver(step);
  },
  'quickOrder.textSubmitted': (step: { event: { type: string } }) => {
    const text = (step.event as ModelEvent).text as string;
    sut.source = { reader: { kind: 'text', text }, kept: { kind: 'text', text } };
    startOver(step);
  },
  'quickOrder.pasteChanged': send,
  'quickOrder.draftRestored': send,
  'quickOrder.rowsTyped': (step: { event: { type: string } }) => {
    // the model's one typed row (DAI-1, 2, no unit) as the pasted-text reader takes it
    const text = 'DAI-1\t2\t';
    sut.source = { reader: { kind: 'text', text }, kept: { kind: 'text', text } };
    startOver(step);
  },
  'quickOrder.quantityChanged': send,
  'quickOrder.unitChanged': send,
  'quickOrder.rowDropped': send,
  'quickOrder.modeChosen': (step: { event: { type: string } }) => {
    sut.mode = (step.event as ModelEvent).mode as string;
    send(step);
  },
  'quickOrder.addRequested': send,
  'quickOrder.retried': send,
  'quickOrder.backToPreview': send,
  'quickOrder.cancelled': startOver,
  'quickOrder.restarted': startOver,
  'quickOrder.cartChanged': (step: { event: { type: string } }) => {
    // one watcher for the machine's whole life
    expect(sut.watchers).toHaveLength(1);
    sut.watchers[0]!(step.event as QuickOrderEvent);
    sut.cartHasLines = ((step.event as ModelEvent).lines as unknown[]).length > 0;
  },
  'quickOrder.progressed': fromReader,
  'quickOrder.read': fromReader,
  'quickOrder.readFailed': fromReader,
  'xstate.done.actor.lookUp': settleCall('lookUp', 'resolve'),
  'xstate.error.actor.lookUp': settleCall('lookUp', 'reject'),
  'xstate.done.actor.addLines': settleCall('addLines', 'resolve'),
  'xstate.error.actor.addLines': settleCall('addLines', 'reject'),
  'xstate.done.actor.searchCodes': settleCall('searchCodes', 'resolve'),
  'xstate.error.actor.searchCodes': settleCall('searchCodes', 'reject'),
  'xstate.done.actor.addEachLine': settleCall('addEachLine', 'resolve'),
  'xstate.error.actor.addEachLine': settleCall('addEachLine', 'reject'),
};
assertExecutorsFor(walked, executors);

/**
 * The state and whether a valid row is left, as the model predicts (its key holds them, guide §1.6.3);
 * the mode and the cart's lines as this test set them.
 */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(selectValidRowCount(actual) > 0).toBe(selectValidRowCount(expected as never) > 0);
  expect(selectAddMode(actual)).toBe(sut.mode);
  expect(actual.context.cartLines.length > 0).toBe(sut.cartHasLines);
};
const running = <T extends { signal: AbortSignal }>(calls: T[]) =>
  calls.filter((call) => !call.signal.aborted);

describe('quick-order machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'importArea.idle': (s) => {
          sameAsModel(s);
          expect(selectQuickOrderStage(sut.actor.getSnapshot())).toBe('import');
          expect(sut.actor.getSnapshot().context.rows).toEqual([]);
        },
        reading: (s) => {
          sameAsModel(s);
          expect(selectBusyPhase(sut.actor.getSnapshot())).toBe('reading');
          expect(sut.readers.filter((reader) => !reader.stopped)).toHaveLength(1);
          // a file goes to the reader in its event; the context keeps only its name and size
          expect(sut.source).not.toBeNull();
          expect(sut.actor.getSnapshot().context.source).toEqual(sut.source!.kept);
          expect(sut.readers.at(-1)?.input).toEqual(sut.source!.reader);
        },
        validating: (s) => {
          sameAsModel(s);
          expect(selectBusyPhase(sut.actor.getSnapshot())).toBe('validating');
          // one lookup for all rows of the sheet
          expect(
            running(sut.lookUp.calls).map((call) => call.input.rows.map((row) => row.stockCode)),
          ).toEqual([['DAI-1', 'NOPE']]);
        },
        validatingBySearch: (s) => {
          sameAsModel(s);
          // the same progress; the codes go to the search, the lookup is not asked again
          expect(selectBusyPhase(sut.actor.getSnapshot())).toBe('validating');
          expect(running(sut.lookUp.calls)).toHaveLength(0);
          expect(
            running(sut.searchCodes.calls).map((call) => call.input.rows.map((row) => row.stockCode)),
          ).toEqual([['DAI-1', 'NOPE']]);
        },
        addingEachLine: (s) => {
          sameAsModel(s);
          expect(selectBusyPhase(sut.actor.getSnapshot())).toBe('adding');
          expect(running(sut.addLines.calls)).toHaveLength(0);
          expect(running(sut.addEachLine.calls)).toHaveLength(1);
          expect(running(sut.addEachLine.calls)[0]!.input.mode).toBe(sut.mode);
        },
        lookupFailed: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.error?.status).toBe(503);
        },
        preview: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectCanAdd(snapshot)).toBe(selectValidRowCount(snapshot) > 0);
          // a valid Gouda row adds to the cart's line ("in cart: 1 piece → 3 pieces"), or replaces it
          const gouda = snapshot.context.rows.find(
            (row) => row.product?.id === 7 && row.problems.length === 0,
          );
          const change = gouda ? selectInCartChanges(snapshot).get(gouda.rowNumber) : undefined;
          const expected =
            gouda && snapshot.context.cartLines.length > 0
              ? {
                  mode: snapshot.context.mode,
                  from: { quantity: '1', unit: piece },
                  to: {
                    quantity: snapshot.context.mode === 'add' ? gouda.quantity! + 1 : gouda.quantity,
                    unit: piece,
                  },
                  beyondStock: null,
                }
              : undefined;
          expect(change).toEqual(expected);
        },
        adding: (s) => {
          sameAsModel(s);
          expect(selectBusyPhase(sut.actor.getSnapshot())).toBe('adding');
          expect(running(sut.addLines.calls)).toHaveLength(1);
          // lines of products in the cart add to them unless the buyer chose to replace
          expect(running(sut.addLines.calls)[0]!.input.mode).toBe(sut.mode);
        },
        addFailed: (s) => {
          sameAsModel(s);
          // the preview is kept for a retry
          expect(sut.actor.getSnapshot().context.rows.length).toBeGreaterThan(0);
        },
        done: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.result?.added).toBe(1);
          expect(sut.cartEvents).toEqual([{ type: 'cart.fetch' }]);
        },
        'importArea.refused': (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.refusal).not.toBeNull();
        },
      },
    });
  });
});
