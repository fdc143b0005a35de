import { assign, emit, fromPromise, setup } from 'xstate';
import type { PriceBasis } from '../../domain/pricing';
import { type ProductCsvHeaders, productListCsv } from '../../domain/product-csv';
import { type FileToSave, saveFile } from '../../services/save-file';
import { provideReporting } from '../kernel/error-reporting';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import type { ListedProduct } from './product-list.machine';

/** What the customer asked for: the file's name and, already in their words and settings, how to write it. */
export interface CsvExportRequest {
  fileName: string;
  /** column titles, translated by the view */
  headers: ProductCsvHeaders;
  decimalPlaces: number;
  basis: PriceBasis;
  /** the interface language: the file's decimal separator and delimiter */
  language: string;
}

/** The product list as the export needs it (forwarded by the view from the list's selectors). */
export type CsvListStatus = 'loading' | 'idle' | 'failed';

/** Why the export stopped: a page of the list did not load, the browser refused the file, or anything else. */
export type CsvExportFailure = 'pageFailed' | 'permissionDenied' | 'unknown';

export interface ProductCsvExportContext {
  request: CsvExportRequest | null;
  /** rows loaded so far of `count` (null until the list knows) */
  loaded: number;
  count: number | null;
  /** every row of the list, once it has them all */
  products: ListedProduct[];
  file: FileToSave | null;
  failure: CsvExportFailure | null;
}

export type ProductCsvExportEvent =
  | ({ type: 'csvExport.requested' } & CsvExportRequest)
  | { type: 'csvExport.listProgressed'; status: CsvListStatus; loaded: number; count: number | null }
  | { type: 'csvExport.listCompleted'; products: ListedProduct[] }
  | { type: 'csvExport.retried' }
  | { type: 'csvExport.dismissed' };

/** Asks to the product list; the view forwards them (`productList.rangeViewed`, `productList.retried`). */
export type ProductCsvExportEmitted =
  | { type: 'csvExport.rowsWanted'; startIndex: number; endIndex: number }
  | { type: 'csvExport.listRetryWanted' };

export interface BuildFileInput {
  products: ListedProduct[];
  request: CsvExportRequest;
}

const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

/** A browser that refuses a download says so with these DOMException names (spec point 6). */
export function failureOfSave(error: unknown): CsvExportFailure {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'permissionDenied' : 'unknown';
}

/**
 * Saving the product list of a catalog page as a CSV file (spec point 2, catalog detail): the list is
 * asked for every page, the export waits until it has every row, builds the file with the domain's
 * `productListCsv` and hands it to the browser. It talks to the list only through events: the view
 * forwards the list's progress (`csvExport.listProgressed` / `listCompleted`) and the export's emitted
 * asks (`csvExport.rowsWanted`, `csvExport.listRetryWanted`), so no actor holds another's reference.
 */
export const productCsvExportMachine = setup({
  types: {
    context: {} as ProductCsvExportContext,
    events: {} as ProductCsvExportEvent,
    emitted: {} as ProductCsvExportEmitted,
    tags: {} as 'busy',
  },
  actors: {
    buildFile: fromPromise<FileToSave, BuildFileInput>(async ({ input }) => ({
      content: productListCsv(input.products, input.request),
      fileName: `${input.request.fileName}.csv`,
      mimeType: CSV_MIME_TYPE,
    })),
    /** hands the file to the browser; bound by `bindProductCsvExport` */
    saveFile: notBound<void, FileToSave>('productCsvExport.saveFile'),
  },
  guards: {
    listFailed: (_, params: { status: CsvListStatus }) => params.status === 'failed',
    listIdle: (_, params: { status: CsvListStatus }) => params.status === 'idle',
  },
  actions: {
    keepRequest: assign((_, params: { request: CsvExportRequest }) => ({
      request: params.request,
      loaded: 0,
      count: null,
      products: [],
      file: null,
      failure: null,
    })),
    keepProgress: assign((_, params: { loaded: number; count: number | null }) => ({
      loaded: params.loaded,
      count: params.count,
    })),
    keepProducts: assign((_, params: { products: ListedProduct[] }) => ({
      products: params.products,
      loaded: params.products.length,
      count: params.products.length,
    })),
    keepFile: assign((_, params: { file: FileToSave }) => ({ file: params.file, products: [] })),
    keepFailure: assign((_, params: { failure: CsvExportFailure }) => ({
      failure: params.failure,
      products: [],
      file: null,
    })),
    forgetFile: assign({ products: [], file: null, failure: null }),
    askForEveryRow: emit(({ context }) => ({
      type: 'csvExport.rowsWanted' as const,
      startIndex: 0,
      endIndex: Math.max((context.count ?? 1) - 1, 0),
    })),
    askListToRetry: emit({ type: 'csvExport.listRetryWanted' as const }),
    /** spec point 8: a failure is reported; a no-op here, bound by `bindProductCsvExport` (provideReporting) */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'productCsvExport',
  context: { request: null, loaded: 0, count: null, products: [], file: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The catalogue page shows the Save as CSV button (disabled while the list is empty).',
      on: {
        'csvExport.requested': {
          target: 'collecting',
          actions: {
            type: 'keepRequest',
            params: ({ event }) => ({
              request: {
                fileName: event.fileName,
                headers: event.headers,
                decimalPlaces: event.decimalPlaces,
                basis: event.basis,
                language: event.language,
              },
            }),
          },
        },
      },
    },
    /** the export hears the list's reports (the view forwards them) until it has every row */
    collecting: {
      description:
        'The button says "Preparing the file…" with a spinner and is disabled while every product of the list is fetched.',
      tags: 'busy',
      initial: 'preparing',
      on: {
        'csvExport.listCompleted': {
          target: 'building',
          actions: { type: 'keepProducts', params: ({ event }) => ({ products: event.products }) },
        },
        'csvExport.listProgressed': [
          {
            guard: { type: 'listFailed', params: ({ event }) => ({ status: event.status }) },
            target: 'failed',
            actions: { type: 'keepFailure', params: { failure: 'pageFailed' } },
          },
          {
            // asked on the first report, and again on each later idle one: the list's own scrolling
            // may have asked for other rows meanwhile
            guard: { type: 'listIdle', params: ({ event }) => ({ status: event.status }) },
            target: '.fetching',
            actions: [
              { type: 'keepProgress', params: ({ event }) => ({ loaded: event.loaded, count: event.count }) },
              'askForEveryRow',
            ],
          },
          {
            target: '.fetching',
            actions: {
              type: 'keepProgress',
              params: ({ event }) => ({ loaded: event.loaded, count: event.count }),
            },
          },
        ],
      },
      states: {
        /** waits for the list's first report, then asks it for every page */
        preparing: {
          description:
            'The button says "Preparing the file…" with a spinner; the export waits to learn how long the list is.',
        },
        /** the list loads its pages; a page that fails stops the export */
        fetching: {
          description:
            'The button says "Preparing the file…" with a spinner while the list\'s pages are fetched one after another; a page that fails stops the export.',
        },
      },
    },
    building: {
      description:
        'The button still says "Preparing the file…" while the CSV file is written from the fetched products.',
      tags: 'busy',
      invoke: {
        id: 'buildFile',
        src: 'buildFile',
        input: ({ context }) => ({
          products: context.products,
          // a request is kept from `csvExport.requested` on; never null here
          request: context.request as CsvExportRequest,
        }),
        onDone: {
          target: 'downloading',
          actions: { type: 'keepFile', params: ({ event }) => ({ file: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepFailure', params: { failure: 'unknown' } },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    downloading: {
      description:
        'The button still says "Preparing the file…" while the browser saves the CSV file to the downloads; then it is back to Save as CSV.',
      tags: 'busy',
      invoke: {
        id: 'saveFile',
        src: 'saveFile',
        input: ({ context }) => context.file as FileToSave,
        onDone: { target: 'idle', actions: 'forgetFile' },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepFailure', params: ({ event }) => ({ failure: failureOfSave(event.error) }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: {
      description:
        "In the button's place a red message says the product list could not be saved (or that this device does not allow saving files), with Try again, which fetches the failed page again and goes on, and Close.",
      on: {
        'csvExport.retried': { target: 'collecting', actions: ['forgetFile', 'askListToRetry'] },
        'csvExport.dismissed': { target: 'idle', actions: 'forgetFile' },
      },
    },
  },
});

/** The export with the browser's download and its error report bound to the ports. */
export const bindProductCsvExport = ({ api }: Ports) =>
  provideReporting(
    productCsvExportMachine.provide({
      actors: { saveFile: fromPromise<void, FileToSave>(async ({ input }) => saveFile(input)) },
    }),
    api,
  );
