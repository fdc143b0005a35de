import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
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
} from '../domain/quick-order';
import type { CartItem, Product, Unit } from '../domain/types';
import type { PortalApi } from '../services/api';
import type { CartBulkLineResult } from '../services/api/cart';
import type { ProductLookup } from '../services/api/quick-order';
import {
  type ParsedRow,
  type ParseNotice,
  parseInWorker,
  parsePastedLines,
  type QuickOrderFileError,
  type QuickOrderParseResult,
} from '../services/spreadsheet';
import { untilAborted } from './cart.calls';
import type { CartActorRef } from './cart.machine';
import { type ErrorInfo, toErrorInfo } from './errorInfo';
import { bulkWrites, type QuickOrderResult, resultOf } from './quick-order.calls';

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

export type QuickOrderSource = { kind: 'file'; file: File } | { kind: 'text'; text: string };

export interface QuickOrderContext {
  /** what is being imported; the file is kept to write it back with a status column */
  source: QuickOrderSource | null;
  /** rows of the sheet read so far (reading only); total 0 while the file is decoded */
  progress: { done: number; total: number };
  /** the rows as read, before the lookup */
  parsedRows: ParsedRow[];
  notices: ParseNotice[];
  /** the preview: every row with its status, in the sheet's order */
  rows: QuickOrderRow[];
  /** every unit the looked-up products are sold in */
  units: Unit[];
  refusal: QuickOrderRefusal | null;
  error: ErrorInfo | null;
  result: QuickOrderResult | null;
  /** the cart's lines as they are now, to show which rows would replace one ("in cart: 2 boxes → 3 pieces") */
  cartLines: CartLineInCart[];
  /** injected dependencies; not data */
  api: PortalApi;
  cart: CartActorRef | undefined;
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
  | { type: 'quickOrder.addRequested' }
  | { type: 'quickOrder.retried' }
  | { type: 'quickOrder.backToPreview' }
  | { type: 'quickOrder.cancelled' }
  | { type: 'quickOrder.restarted' }
  /** from the cart watcher: the cart's lines now */
  | { type: 'quickOrder.cartChanged'; lines: CartLineInCart[] };

export interface QuickOrderInput {
  api: PortalApi;
  /** the app's cart, refetched after the bulk add */
  cart?: CartActorRef | undefined;
}

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
} satisfies Partial<QuickOrderContext>;

/** The preview rows and the units they were checked against. */
export interface CheckedRows {
  rows: QuickOrderRow[];
  units: Unit[];
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
    input: {} as QuickOrderInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Files are read in the worker (SheetJS never reaches the page); pasted text is read right here. */
    readSource: fromCallback<QuickOrderEvent, { source: QuickOrderSource }>(({ input, sendBack }) => {
      const controller = new AbortController();
      const { source } = input;
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
    lookUp: fromPromise<CheckedRows, { api: PortalApi; rows: ParsedRow[] }>(async ({ input, signal }) => {
      const codes = codesToLookUp(input.rows);
      const lookup: ProductLookup =
        codes.length === 0
          ? { matches: [], notFound: [], units: [] }
          : await untilAborted(signal, input.api.lookUpProducts(codes, { signal }));
      return untilAborted(signal, checkInSlices(input.rows, lookup, signal));
    }),
    /** Reports the cart's lines now and after every change (nothing without a cart). */
    watchCart: fromCallback<QuickOrderEvent, { cart: CartActorRef | undefined }>(({ input, sendBack }) => {
      const { cart } = input;
      if (!cart) return undefined;
      let last: CartItem[] | null = null;
      const report = () => {
        const { items } = cart.getSnapshot().context;
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
      const subscription = cart.subscribe(report);
      report();
      return () => subscription.unsubscribe();
    }),
    /** One bulk call: a product already in the cart gets its quantity and unit replaced. */
    addLines: fromPromise<CartBulkLineResult[], { api: PortalApi; lines: QuickOrderCartLine[] }>(
      ({ input, signal }) =>
        untilAborted(signal, input.api.addCartItemsBulk(bulkWrites(input.lines), { signal })),
    ),
  },
  guards: {
    isRefused: (_, params: { result: QuickOrderParseResult }) => params.result.kind === 'error',
    hasNoRows: (_, params: { result: QuickOrderParseResult }) =>
      params.result.kind === 'rows' && params.result.rows.length === 0,
    hasValidRows: ({ context }) => context.rows.some(isRowValid),
  },
  actions: {
    startFile: assign((_, params: { file: File }) => ({
      ...emptyData,
      source: { kind: 'file', file: params.file } as const,
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
    keepResult: assign(({ context }, params: { results: CartBulkLineResult[] }) => ({
      result: resultOf(context.rows, cartLinesOf(context.rows, context.units), params.results),
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    keepCartLines: assign((_, params: { lines: CartLineInCart[] }) => ({ cartLines: params.lines })),
    refetchCart: enqueueActions(({ context, enqueue }) => {
      if (context.cart) enqueue.sendTo(context.cart, { type: 'cart.fetch' });
    }),
  },
}).createMachine({
  id: 'quickOrder',
  context: ({ input }) => ({
    ...emptyData,
    source: null,
    cartLines: [],
    api: input.api,
    cart: input.cart,
  }),
  invoke: { id: 'watchCart', src: 'watchCart', input: ({ context }) => ({ cart: context.cart }) },
  on: {
    'quickOrder.cartChanged': {
      actions: { type: 'keepCartLines', params: ({ event }) => ({ lines: event.lines }) },
    },
  },
  initial: 'idle',
  states: {
    /** the import area: upload, drop, paste or type */
    idle: {
      on: {
        'quickOrder.fileChosen': {
          target: 'reading',
          actions: { type: 'startFile', params: ({ event }) => ({ file: event.file }) },
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
    },
    reading: {
      tags: 'busy',
      invoke: {
        id: 'readSource',
        src: 'readSource',
        input: ({ context }) => ({ source: context.source! }),
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
            target: 'refused',
            actions: {
              type: 'refuse',
              params: ({ event }) => ({
                refusal: event.result.kind === 'error' ? event.result.error : 'unknownError',
              }),
            },
          },
          {
            guard: { type: 'hasNoRows', params: ({ event }) => ({ result: event.result }) },
            target: 'refused',
            actions: { type: 'refuse', params: { refusal: 'noRows' } },
          },
          {
            target: 'validating',
            actions: { type: 'keepParsed', params: ({ event }) => ({ result: event.result }) },
          },
        ],
        'quickOrder.readFailed': {
          target: 'refused',
          actions: {
            type: 'refuse',
            params: ({ event }) => ({ refusal: 'unknownError', error: event.error }),
          },
        },
        'quickOrder.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    validating: {
      tags: 'busy',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ api: context.api, rows: context.parsedRows }),
        onDone: { target: 'preview', actions: { type: 'keepChecked', params: ({ event }) => event.output } },
        onError: {
          target: 'lookupFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'quickOrder.cancelled': { target: 'idle', actions: 'forget' } },
    },
    lookupFailed: {
      on: {
        'quickOrder.retried': 'validating',
        'quickOrder.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    /** every row with its status; nothing is in the cart yet */
    preview: {
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
        'quickOrder.addRequested': { guard: 'hasValidRows', target: 'adding' },
        'quickOrder.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    adding: {
      tags: 'busy',
      invoke: {
        id: 'addLines',
        src: 'addLines',
        input: ({ context }) => ({ api: context.api, lines: cartLinesOf(context.rows, context.units) }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }) => ({ results: event.output }) },
            'refetchCart',
          ],
        },
        onError: {
          target: 'addFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** the preview is kept: retry, go back to it, or give up */
    addFailed: {
      on: {
        'quickOrder.retried': 'adding',
        'quickOrder.backToPreview': 'preview',
        'quickOrder.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    /** added and replaced counts; rejected rows stay listed */
    done: {
      on: {
        'quickOrder.restarted': { target: 'idle', actions: 'forget' },
        // the import area shows again beside the result: a next file starts over at once
        'quickOrder.fileChosen': {
          target: 'reading',
          actions: { type: 'startFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
    /** incorrect file format, too large, too many rows, no rows, or the reader failed */
    refused: {
      on: {
        'quickOrder.restarted': { target: 'idle', actions: 'forget' },
        // the customer fixes the file and drops it again without a detour
        'quickOrder.fileChosen': {
          target: 'reading',
          actions: { type: 'startFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
  },
});
