import type {
  ParseProgress,
  QuickOrderParseResult,
  StatusSheetOptions,
  StatusSheetResult,
} from './quick-order-types.ts';

// Messages between the page and the quick-order worker. Every job runs in its own worker, which the client
// terminates after the final message, so messages carry no job id.

export type QuickOrderWorkerRequest =
  | { type: 'parse'; file: Blob; fileName: string }
  | { type: 'writeTemplate' }
  | {
      type: 'writeStatus';
      file: Blob;
      fileName: string;
      statuses: ReadonlyMap<number, string>;
      options: StatusSheetOptions;
    };

export type QuickOrderWorkerProgress = { type: 'progress'; phase: 'reading' } & ParseProgress;

export type QuickOrderWorkerReply =
  | QuickOrderWorkerProgress
  | { type: 'parsed'; result: QuickOrderParseResult }
  | { type: 'template'; bytes: Uint8Array }
  | { type: 'statusSheet'; result: StatusSheetResult }
  /** Something no file should cause (a bug, out of memory): the caller shows the unknown-error message. */
  | { type: 'failed'; message: string };

export type PostReply = (reply: QuickOrderWorkerReply, transfer?: Transferable[]) => void;
