import { assign, enqueueActions, fromCallback, fromPromise, not, sendTo, setup } from 'xstate';
import {
  type CartLineInCart,
  cartLinesOf,
  changeRowQuantity,
  changeRowUnit,
  checkQuickOrderRows,
  checkSharedStock,
  codesToLookUp,
  dropRow,
  isRowValid,
  type QuickOrderCartLine,
  type QuickOrderRow,
  type QuickOrderUnit,
} from '../../domain/quick-order';
import type { CartItem, Product } from '../../domain/types';
import type { CartBulkLineResult, CartBulkMode } from '../../services/api/cart';
import type { ProductLookup } from '../../services/api/quick-order';
import {
  type ParsedRow,
  type ParseNotice,
  parseInWorker,
  parsePastedLines,
  type QuickOrderFileError,
  type QuickOrderParseResult,
} from '../../services/spreadsheet';
import { bindDraftKeeper, type DraftKeeperEvent, keepsNothing } from '../kernel/draft-keeper';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { bulkWrites, type QuickOrderResult, resultOf } from './quick-order.calls';
import { type QuickOrderDraft, quickOrderDraftSlot } from './quick-order.draft';
import { addOneByOne, lookUpBySearch } from './quick-order.spec-calls';

/**
 * Why nothing could be read. The file errors are the parser's; `noRows` is a readable file without a single
 * order line; `unknownError` is the reader itself failing (SPEC point 8 "unknownError").
 */
export type QuickOrderRefusal = QuickOrderFileError | 'noRows' | 'unknownError';

/** A line typed into the quick-order rows (stock code, quantity and an optional unit). */
export interface TypedQuickOrderRow {
  code: string;
  quantity: string;
  unit?: string;
}

/** What is being imported: the file's name and size (the file itself goes to the reader in its event), or the text. */
export type QuickOrderSource = { kind: 'file'; name: string; size: number } | { kind: 'text'; text: string };

/** What the reader reads: the chosen file (from the event that starts the reading) or the text. */
export type QuickOrderReadInput = { kind: 'file'; file: File } | { kind: 'text'; text: string };

export interface QuickOrderContext {
  /** what is being imported (plain facts: the view keeps the file it chose, to write it back with a status column) */
  source: QuickOrderSource | null;
  /** rows of the sheet read so far (reading only); total 0 while the file is decoded */
  progress: { done: number; total: number };
  /** the rows as read, before the lookup */
  parsedRows: ParsedRow[];
  notices: ParseNotice[];
  /** the preview: every row with its status, in the sheet's order */
  rows: QuickOrderRow[];
  /** every unit the looked-up products are sold in, with their names in every language when the lookup sent them */
  units: QuickOrderUnit[];
  refusal: QuickOrderRefusal | null;
  error: ErrorInfo | null;
  result: QuickOrderResult | null;
  /** the cart's lines as they are now, to show what each row does to one ("in cart: 3 crates → 4 crates") */
  cartLines: CartLineInCart[];
  /** what a row does to a product already in the cart: add to its quantity (the default) or replace it */
  mode: CartBulkMode;
  /** the paste box as typed: kept through a check, a cancel and a reload until its lines are in the cart */
  pasteText: string;
  /** the backend has the one-call code lookup (capability `quickOrderLookup`); else the search finds each code */
  canLookUp: boolean;
  /** the backend has the bulk add (capability `cartBulk`); else the lines are written one by one */
  canAddInBulk: boolean;
}

/** What the backend offers the quick order beyond the specification's calls (both by default). */
export interface QuickOrderInput {
  canLookUp?: boolean;
  canAddInBulk?: boolean;
}

export type QuickOrderEvent =
  | { type: 'quickOrder.fileChosen'; file: File }
  | { type: 'quickOrder.textSubmitted'; text: string }
  | { type: 'quickOrder.rowsTyped'; rows: TypedQuickOrderRow[] }
  /** from the reader */
  | { type: 'quickOrder.progressed'; done: number; total: number }
  | { type: 'quickOrder.read'; result: QuickOrderParseResult }
  | { type: 'quickOrder.readFailed'; error: unknown }
  /** preview edits */
  | { type: 'quickOrder.quantityChanged'; rowNumber: number; text: string }
  | { type: 'quickOrder.unitChanged'; rowNumber: number; unitId: number }
  | { type: 'quickOrder.rowDropped'; rowNumber: number }
  /** the customer chose to add to the cart's quantities or replace them */
  | { type: 'quickOrder.modeChosen'; mode: CartBulkMode }
  | { type: 'quickOrder.addRequested' }
  | { type: 'quickOrder.retried' }
  | { type: 'quickOrder.backToPreview' }
  | { type: 'quickOrder.cancelled' }
  | { type: 'quickOrder.restarted' }
  /** from the cart watcher: the cart's lines now */
  | { type: 'quickOrder.cartChanged'; lines: CartLineInCart[] }
  /** the paste box's text changed */
  | { type: 'quickOrder.pasteChanged'; text: string }
  /** from the draft keeper on start: the paste box as typed before a reload */
  | { type: 'quickOrder.draftRestored'; draft: QuickOrderDraft };

/** Typed rows as the pasted-text reader takes them: one tab-separated line each. */
export const typedRowsText = (rows: readonly TypedQuickOrderRow[]): string =>
  rows
    .filter((row) => row.code.trim() !== '' || row.quantity.trim() !== '')
    .map((row) =>
      [row.code, row.quantity, row.unit ?? ''].map((field) => field.replace(/\t/g, ' ')).join('\t'),
    )
    .join('\n');

const emptyData = {
  progress: { done: 0, total: 0 },
  parsedRows: [],
  notices: [],
  rows: [],
  units: [],
  refusal: null,
  error: null,
  result: null,
  // every import starts adding: replacing what the cart holds is a choice made in the preview
  mode: 'add',
} satisfies Partial<QuickOrderContext>;

/** What the bulk add is asked: one line per product, and whether it adds to the cart's lines or replaces them. */
export interface AddLinesInput {
  lines: QuickOrderCartLine[];
  mode: CartBulkMode;
  /** the looked-up units: a line written on its own sums into the cart's line by them */
  units: QuickOrderUnit[];
}

/** The preview rows and the units they were checked against. */
export interface CheckedRows {
  rows: QuickOrderRow[];
  units: QuickOrderUnit[];
}

const ROWS_PER_SLICE = 1000;

/** validateQuickOrderRows in slices, yielding between them: 10,000 rows must not freeze the page. */
export async function checkInSlices(
  rows: readonly ParsedRow[],
  lookup: ProductLookup,
  signal?: AbortSignal,
): Promise<CheckedRows> {
  const productsByCode = new Map<string, Product>(lookup.matches.map((match) => [match.code, match.product]));
  const checked: QuickOrderRow[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    if (start > 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    signal?.throwIfAborted();
    checked.push(
      ...checkQuickOrderRows(rows.slice(start, start + ROWS_PER_SLICE), {
        productsByCode,
        units: lookup.units,
      }),
    );
  }
  return { rows: checkSharedStock(checked, lookup.units), units: lookup.units };
}

export const quickOrderMachine = setup({
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
    input: {} as QuickOrderInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** Files are read in the worker (SheetJS never reaches the page); pasted text is read right here. */
    readSource: fromCallback<QuickOrderEvent, QuickOrderReadInput>(({ input: source, sendBack }) => {
      const controller = new AbortController();
      const reading =
        source.kind === 'file'
          ? parseInWorker(
              source.file,
              (progress) => sendBack({ type: 'quickOrder.progressed', ...progress }),
              {
                signal: controller.signal,
              },
            )
          : Promise.resolve().then(() => parsePastedLines(source.text));
      reading.then(
        (result) => {
          if (!controller.signal.aborted) sendBack({ type: 'quickOrder.read', result });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'quickOrder.readFailed', error });
        },
      );
      return () => controller.abort();
    }),
    /**
     * One call for every code of the sheet (none when no row has a usable code), then every row checked in
     * slices between which the page can paint and take input.
     */
    lookUp: notBound<CheckedRows, { rows: ParsedRow[] }>('quickOrder.lookUp'),
    /** The same check with the specification's calls: a product search per code, and the units. */
    searchCodes: notBound<CheckedRows, { rows: ParsedRow[] }>('quickOrder.searchCodes'),
    /** Reports the cart's lines now and after every change; bound by `bindQuickOrder` (nothing without a cart). */
    watchCart: fromCallback<QuickOrderEvent>(() => undefined),
    /** One bulk call: a product already in the cart gets the row's quantity added, or its line replaced. */
    addLines: notBound<CartBulkLineResult[], AddLinesInput>('quickOrder.addLines'),
    /** The same add with the specification's calls: a POST or PUT per line, a few at once, answered as the bulk call. */
    addEachLine: notBound<CartBulkLineResult[], AddLinesInput>('quickOrder.addEachLine'),
    /** keeps the paste box's text across a reload; bound by `bindQuickOrder` */
    draft: keepsNothing<QuickOrderDraft>(),
  },
  guards: {
    isRefused: (_, params: { result: QuickOrderParseResult }) => params.result.kind === 'error',
    hasNoRows: (_, params: { result: QuickOrderParseResult }) =>
      params.result.kind === 'rows' && params.result.rows.length === 0,
    hasValidRows: ({ context }) => context.rows.some(isRowValid),
    canLookUp: ({ context }) => context.canLookUp,
    canAddInBulk: ({ context }) => context.canAddInBulk,
    isMissingCall: ({ event }) => toErrorInfo((event as { error?: unknown }).error).missingCall === true,
  },
  actions: {
    startFile: assign((_, params: { name: string; size: number }) => ({
      ...emptyData,
      source: { kind: 'file', name: params.name, size: params.size } as const,
    })),
    startText: assign((_, params: { text: string }) => ({
      ...emptyData,
      source: { kind: 'text', text: params.text } as const,
    })),
    forget: assign({ ...emptyData, source: null }),
    keepProgress: assign((_, params: { done: number; total: number }) => ({
      progress: { done: params.done, total: params.total },
    })),
    keepParsed: assign((_, params: { result: QuickOrderParseResult }) =>
      params.result.kind === 'rows' ? { parsedRows: params.result.rows, notices: params.result.notices } : {},
    ),
    refuse: assign((_, params: { refusal: QuickOrderRefusal; error?: unknown }) => ({
      refusal: params.refusal,
      error: params.error === undefined ? null : toErrorInfo(params.error),
    })),
    keepChecked: assign((_, params: CheckedRows) => ({
      rows: params.rows,
      units: params.units,
      error: null,
    })),
    changeQuantity: assign(({ context }, params: { rowNumber: number; text: string }) => ({
      rows: changeRowQuantity(context.rows, params.rowNumber, params.text, context.units),
    })),
    changeUnit: assign(({ context }, params: { rowNumber: number; unitId: number }) => ({
      rows: changeRowUnit(context.rows, params.rowNumber, params.unitId, context.units),
    })),
    drop: assign(({ context }, params: { rowNumber: number }) => ({
      rows: dropRow(context.rows, params.rowNumber, context.units),
    })),
    chooseMode: assign((_, params: { mode: CartBulkMode }) => ({ mode: params.mode })),
    keepResult: assign(({ context }, params: { results: CartBulkLineResult[] }) => ({
      result: resultOf(
        context.rows,
        cartLinesOf(context.rows, context.units),
        params.results,
        context.mode,
        context.units,
      ),
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    loseLookup: assign({ canLookUp: false }),
    loseBulk: assign({ canAddInBulk: false }),
    keepCartLines: assign((_, params: { lines: CartLineInCart[] }) => ({ cartLines: params.lines })),
    takePasteText: assign((_, params: { text: string }) => ({ pasteText: params.text })),
    /** an emptied box leaves nothing to bring back */
    savePasteDraft: sendTo(
      'draft',
      ({ context }): DraftKeeperEvent<QuickOrderDraft> =>
        context.pasteText === ''
          ? { type: 'draft.cleared' }
          : { type: 'draft.saved', draft: { pasteText: context.pasteText } },
    ),
    /** the pasted lines are in the cart: the box starts empty (a file's rows leave the box as it is) */
    forgetSentPaste: assign(({ context }) =>
      context.source?.kind === 'text' && context.source.text === context.pasteText ? { pasteText: '' } : {},
    ),
    /** the app's cart shows the added lines; a no-op here, bound by `bindQuickOrder` */
    refetchCart: () => undefined,
  },
}).createMachine({
  id: 'quickOrder',
  context: ({ input }) => ({
    ...emptyData,
    source: null,
    cartLines: [],
    pasteText: '',
    canLookUp: input?.canLookUp ?? true,
    canAddInBulk: input?.canAddInBulk ?? true,
  }),
  invoke: [
    { id: 'watchCart', src: 'watchCart' },
    { id: 'draft', src: 'draft' },
  ],
  on: {
    'quickOrder.cartChanged': {
      actions: { type: 'keepCartLines', params: ({ event }) => ({ lines: event.lines }) },
    },
    'quickOrder.pasteChanged': {
      actions: [{ type: 'takePasteText', params: ({ event }) => ({ text: event.text }) }, 'savePasteDraft'],
    },
    'quickOrder.draftRestored': {
      actions: { type: 'takePasteText', params: ({ event }) => ({ text: event.draft.pasteText }) },
    },
  },
  initial: 'importArea',
  states: {
    importArea: {
      description:
        'The import area is on the page: a file, pasted lines or typed codes start a check from here, first or after a refusal.',
      initial: 'idle',
      on: {
        'quickOrder.fileChosen': {
          target: 'reading',
          actions: {
            type: 'startFile',
            params: ({ event }) => ({ name: event.file.name, size: event.file.size }),
          },
        },
        'quickOrder.textSubmitted': {
          target: 'reading',
          actions: { type: 'startText', params: ({ event }) => ({ text: event.text }) },
        },
        'quickOrder.rowsTyped': {
          target: 'reading',
          actions: { type: 'startText', params: ({ event }) => ({ text: typedRowsText(event.rows) }) },
        },
      },
      states: {
        idle: {
          description:
            'The quick order page shows the import area: an intro, Choose file with a drop zone for an .xlsx, .xls or .csv file, Download template, and a fold-out to type stock codes or paste lines. Nothing goes to the cart yet.',
        },
        refused: {
          description:
            'A message says why the input was refused (incorrect file format, larger than 5 MB, more than 10,000 rows, no order lines, or an unknown error) above the import area, so the customer can choose a corrected file, or check corrected pasted lines or typed codes, at once.',
          on: { 'quickOrder.restarted': { target: '#quickOrder.importArea', actions: 'forget' } },
        },
      },
    },
    reading: {
      description:
        'A progress message says "Reading the file…" (with "{done} of {total} rows" once known) and a Cancel button, while the file or the pasted lines are read.',
      tags: 'busy',
      invoke: {
        id: 'readSource',
        src: 'readSource',
        input: ({ context, event }): QuickOrderReadInput =>
          event.type === 'quickOrder.fileChosen'
            ? { kind: 'file', file: event.file }
            : { kind: 'text', text: context.source?.kind === 'text' ? context.source.text : '' },
      },
      on: {
        'quickOrder.progressed': {
          actions: {
            type: 'keepProgress',
            params: ({ event }) => ({ done: event.done, total: event.total }),
          },
        },
        'quickOrder.read': [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ result: event.result }) },
            target: 'importArea.refused',
            actions: {
              type: 'refuse',
              params: ({ event }) => ({
                refusal: event.result.kind === 'error' ? event.result.error : 'unknownError',
              }),
            },
          },
          {
            guard: { type: 'hasNoRows', params: ({ event }) => ({ result: event.result }) },
            target: 'importArea.refused',
            actions: { type: 'refuse', params: { refusal: 'noRows' } },
          },
          {
            target: 'validating',
            actions: { type: 'keepParsed', params: ({ event }) => ({ result: event.result }) },
          },
        ],
        'quickOrder.readFailed': {
          target: 'importArea.refused',
          actions: {
            type: 'refuse',
            params: ({ event }) => ({ refusal: 'unknownError', error: event.error }),
          },
        },
        'quickOrder.cancelled': { target: '#quickOrder.importArea', actions: 'forget' },
      },
    },
    validating: {
      description:
        'A progress message says "Checking the stock codes…" with a Cancel button, while the server looks up the codes and every row is checked against stock and units.',
      tags: 'busy',
      // a backend without the lookup: the specification's search finds each code instead
      always: { guard: not('canLookUp'), target: 'validatingBySearch' },
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ rows: context.parsedRows }),
        onDone: { target: 'preview', actions: { type: 'keepChecked', params: ({ event }) => event.output } },
        onError: [
          // the backend has no lookup after all: the same check through the search, not "try again"
          { guard: 'isMissingCall', target: 'validatingBySearch', actions: 'loseLookup' },
          {
            target: 'lookupFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: { 'quickOrder.cancelled': { target: '#quickOrder.importArea', actions: 'forget' } },
    },
    validatingBySearch: {
      description:
        'Without the code lookup (a backend with the specification\'s calls only) the same "Checking the stock codes…" with Cancel, while each code is searched for (a few at once) and matched to the product whose stock code or barcode it is exactly; every row is then checked against stock and units as usual.',
      tags: 'busy',
      invoke: {
        id: 'searchCodes',
        src: 'searchCodes',
        input: ({ context }) => ({ rows: context.parsedRows }),
        onDone: { target: 'preview', actions: { type: 'keepChecked', params: ({ event }) => event.output } },
        onError: {
          target: 'lookupFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'quickOrder.cancelled': { target: '#quickOrder.importArea', actions: 'forget' } },
    },
    lookupFailed: {
      description:
        'An error says "The stock codes could not be checked." with Try again, and a Cancel button back to the import area.',
      on: {
        'quickOrder.retried': 'validating',
        'quickOrder.cancelled': { target: '#quickOrder.importArea', actions: 'forget' },
      },
    },
    preview: {
      description:
        'The preview lists every row with its product, quantity, unit and status (Ready or what is wrong), with a summary of ready rows and rows with errors; nothing is in the cart yet. A choice "Add to the quantities in the cart" (chosen) or "Replace the quantities in the cart" decides what rows of products already in the cart do, and each such row says so ("in cart: 3 crates → 4 crates", or that the stock does not cover the sum). The customer may fix quantities and units, remove rows, add the valid rows to the cart, save them as a favourite list, download the file with a status column, or cancel.',
      on: {
        'quickOrder.quantityChanged': {
          actions: {
            type: 'changeQuantity',
            params: ({ event }) => ({ rowNumber: event.rowNumber, text: event.text }),
          },
        },
        'quickOrder.unitChanged': {
          actions: {
            type: 'changeUnit',
            params: ({ event }) => ({ rowNumber: event.rowNumber, unitId: event.unitId }),
          },
        },
        'quickOrder.rowDropped': {
          actions: { type: 'drop', params: ({ event }) => ({ rowNumber: event.rowNumber }) },
        },
        'quickOrder.modeChosen': {
          actions: { type: 'chooseMode', params: ({ event }) => ({ mode: event.mode }) },
        },
        'quickOrder.addRequested': { guard: 'hasValidRows', target: 'adding' },
        'quickOrder.cancelled': { target: '#quickOrder.importArea', actions: 'forget' },
      },
    },
    adding: {
      description:
        'A progress message says "Adding to the cart…" (no Cancel) while the valid rows go to the cart in one step.',
      tags: 'busy',
      // a backend without the bulk add: the lines go in one by one instead
      always: { guard: not('canAddInBulk'), target: 'addingEachLine' },
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({
          lines: cartLinesOf(context.rows, context.units),
          mode: context.mode,
          units: context.units,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }) => ({ results: event.output }) },
            'refetchCart',
            'forgetSentPaste',
            'savePasteDraft',
          ],
        },
        onError: [
          // the backend has no bulk add after all (nothing was stored): the lines go in one by one
          { guard: 'isMissingCall', target: 'addingEachLine', actions: 'loseBulk' },
          {
            target: 'addFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    addingEachLine: {
      description:
        'Without the bulk add (a backend with the specification\'s calls only) the same "Adding to the cart…" (no Cancel) while each line is written on its own, a few at once: a new product is added, a product already in the cart gets the sum or the row\'s quantity. Each row is reported as with the bulk add.',
      tags: 'busy',
      invoke: {
        id: 'addEachLine',
        src: 'addEachLine',
        input: ({ context }) => ({
          lines: cartLinesOf(context.rows, context.units),
          mode: context.mode,
          units: context.units,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }) => ({ results: event.output }) },
            'refetchCart',
            'forgetSentPaste',
            'savePasteDraft',
          ],
        },
        onError: {
          target: 'addFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    addFailed: {
      description:
        'An error says "The rows could not be added to the cart." with Try again and Back to the preview; the preview is kept.',
      on: {
        'quickOrder.retried': 'adding',
        'quickOrder.backToPreview': 'preview',
        'quickOrder.cancelled': { target: '#quickOrder.importArea', actions: 'forget' },
      },
    },
    done: {
      description:
        'The result says how many products were added, how many already in the cart had the quantity added to theirs and how many had it replaced, each of those with its line before and after ("3 → 4 crates"), and lists the rows not added with the reason. Buttons: Go to cart, download the file with a status column, Import another list.',
      on: {
        'quickOrder.restarted': { target: '#quickOrder.importArea', actions: 'forget' },
        // the import area shows again beside the result: a next file starts over at once
        'quickOrder.fileChosen': {
          target: 'reading',
          actions: {
            type: 'startFile',
            params: ({ event }) => ({ name: event.file.name, size: event.file.size }),
          },
        },
      },
    },
  },
});

/**
 * The quick order with the API client and the app's cart bound. A view creates it outside the app's
 * actor system, so the cart is reached through `ports.cart()`, never a ref in context or input.
 */
export const bindQuickOrder = (ports: Ports) => {
  const { api, cart } = ports;
  return quickOrderMachine.provide({
    actors: {
      draft: bindDraftKeeper(ports, quickOrderDraftSlot, 'signedIn', (draft) => ({
        type: 'quickOrder.draftRestored' as const,
        draft,
      })),
      /**
       * One call for every code of the sheet (none when no row has a usable code), then every row checked in
       * slices between which the page can paint and take input.
       */
      lookUp: fromPromise<CheckedRows, { rows: ParsedRow[] }>(async ({ input, signal }) => {
        const codes = codesToLookUp(input.rows);
        const lookup: ProductLookup =
          codes.length === 0
            ? { matches: [], notFound: [], units: [] }
            : await untilAborted(signal, api.lookUpProducts(codes, { signal }));
        return untilAborted(signal, checkInSlices(input.rows, lookup, signal));
      }),
      searchCodes: fromPromise<CheckedRows, { rows: ParsedRow[] }>(async ({ input, signal }) => {
        const lookup = await untilAborted(signal, lookUpBySearch(api, codesToLookUp(input.rows), signal));
        return untilAborted(signal, checkInSlices(input.rows, lookup, signal));
      }),
      watchCart: fromCallback<QuickOrderEvent>(({ sendBack }) => {
        const watched = cart();
        if (!watched) return undefined;
        let last: CartItem[] | null = null;
        const report = () => {
          const { items } = watched.getSnapshot().context;
          if (items === last) return;
          last = items;
          sendBack({
            type: 'quickOrder.cartChanged',
            lines: items.map((item) => ({
              productId: item.product.id,
              quantity: item.quantity,
              unit: item.unit,
            })),
          });
        };
        const subscription = watched.subscribe(report);
        report();
        return () => subscription.unsubscribe();
      }),
      addLines: fromPromise<CartBulkLineResult[], AddLinesInput>(({ input, signal }) =>
        untilAborted(signal, api.addCartItemsBulk(bulkWrites(input.lines), input.mode, { signal })),
      ),
      addEachLine: fromPromise<CartBulkLineResult[], AddLinesInput>(({ input, signal }) =>
        untilAborted(signal, addOneByOne(api, input.lines, input.mode, input.units, signal)),
      ),
    },
    actions: {
      refetchCart: enqueueActions(({ enqueue }) => {
        const running = cart();
        if (running) enqueue.sendTo(running, { type: 'cart.fetch' });
      }),
    },
  });
};
