// What the rest of the app may import from the main thread: nothing here loads SheetJS. The workbook
// readers and writers are reached only through the worker client.
export { parsePastedLines } from './parse-pasted-lines.ts';
export type * from './quick-order-types.ts';
export {
  parseInWorker,
  writeSheetWithStatusInWorker,
  writeTemplateInWorker,
} from './quick-order-worker-client.ts';
