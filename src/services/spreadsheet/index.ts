// What the rest of the app may import from the main thread: nothing here loads SheetJS. The workbook
// readers and writers are reached only through the worker client.
export { QUICK_ORDER_MAX_BYTES, QUICK_ORDER_MAX_DATA_ROWS } from './limits.ts';
export { parsePastedLines } from './parse-pasted-lines.ts';
export type * from './quick-order-types.ts';
export {
  parseInWorker,
  QuickOrderWorkerError,
  type WorkerCallOptions,
  writeSheetWithStatusInWorker,
  writeTemplateInWorker,
} from './quick-order-worker-client.ts';
