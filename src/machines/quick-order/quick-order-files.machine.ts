import { fromPromise, setup } from 'xstate';
import { saveFile } from '../../services/save-file';
import {
  type UsedValues,
  writeSheetWithStatusInWorker,
  writeTemplateInWorker,
} from '../../services/spreadsheet';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { XLSX_TEMPLATE_FILE } from './quick-order-files';

/** A file ready to save: `saveFile` hands it to the browser's download. */
export interface QuickOrderDownload {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
}

/**
 * The uploaded sheet back with a status column: per row number its status, and the quantity and unit the
 * status describes where the preview changed them (written into the row, so each status sits beside the
 * values it is about). Statuses and headers are already in the customer's words.
 */
export type StatusSheetLines = {
  statuses: [number, string][];
  usedValues?: [number, UsedValues][];
  header: string;
  /** the header of a unit column the sheet lacks, added when a used unit has to be written */
  unitHeader?: string;
};

export type QuickOrderFileRequest =
  | { kind: 'template' }
  | ({ kind: 'statusSheet'; file: File } & StatusSheetLines);

export type QuickOrderFilesEvent =
  | { type: 'files.templateRequested' }
  | ({ type: 'files.statusSheetRequested'; file: File } & StatusSheetLines)
  | { type: 'files.dismissed' };

/**
 * The quick order's two downloads, both written in the spreadsheet worker: the template, and the customer's
 * own sheet with a status column so the rejected rows are fixed where they were typed.
 */
export const quickOrderFilesMachine = setup({
  types: {
    events: {} as QuickOrderFilesEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** writes the file in the spreadsheet worker; bound by `bindQuickOrderFiles` */
    writeFile: notBound<QuickOrderDownload, QuickOrderFileRequest>('quickOrderFiles.writeFile'),
  },
  actions: {
    /** hands the file to the browser's download; a no-op here, bound by `bindQuickOrderFiles` */
    saveFile: (_, _download: QuickOrderDownload) => undefined,
  },
}).createMachine({
  id: 'quickOrderFiles',
  initial: 'idle',
  states: {
    idle: {
      description:
        'The quick order page offers Download template (and, once a file was checked, "Download my file with a status column"); no file is being written.',
      on: {
        'files.templateRequested': 'writingTemplate',
        'files.statusSheetRequested': 'writingStatusSheet',
      },
    },
    writingTemplate: {
      description:
        'The Download template button is disabled while the empty Excel template is written; the browser then saves it to the downloads.',
      tags: 'busy',
      invoke: {
        id: 'writeTemplate',
        src: 'writeFile',
        input: { kind: 'template' },
        onDone: {
          target: 'idle',
          actions: { type: 'saveFile', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    writingStatusSheet: {
      description:
        "The customer's own file is written again with a Status column saying, per row, whether it was added, replaced or what is wrong; the browser then saves it to the downloads.",
      tags: 'busy',
      invoke: {
        id: 'writeStatusSheet',
        src: 'writeFile',
        input: ({ event }) =>
          event.type === 'files.statusSheetRequested'
            ? {
                kind: 'statusSheet',
                file: event.file,
                statuses: event.statuses,
                header: event.header,
                usedValues: event.usedValues,
                unitHeader: event.unitHeader,
              }
            : { kind: 'template' },
        onDone: {
          target: 'idle',
          actions: { type: 'saveFile', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    failed: {
      description:
        'The quick order page says "The file could not be written." above the panel; asking for the template or the status file again retries.',
      on: {
        'files.templateRequested': 'writingTemplate',
        'files.statusSheetRequested': 'writingStatusSheet',
        'files.dismissed': 'idle',
      },
    },
  },
});

/**
 * The downloads bound to the spreadsheet worker and the one save-file helper shared with the product
 * list's CSV export (no API: the ports are the binder's signature).
 */
export const bindQuickOrderFiles = (_ports: Ports) =>
  quickOrderFilesMachine.provide({
    actors: {
      writeFile: fromPromise<QuickOrderDownload, QuickOrderFileRequest>(async ({ input, signal }) => {
        if (input.kind === 'template') {
          const bytes = await writeTemplateInWorker({ signal });
          return { bytes, ...XLSX_TEMPLATE_FILE };
        }
        const result = await writeSheetWithStatusInWorker(
          input.file,
          new Map(input.statuses),
          {
            statusHeader: input.header,
            usedValues: new Map(input.usedValues ?? []),
            ...(input.unitHeader === undefined ? {} : { unitHeader: input.unitHeader }),
          },
          { signal },
        );
        if (result.kind === 'error') throw new Error(`status sheet not written: ${result.error}`);
        return { bytes: result.bytes, fileName: result.fileName, mimeType: result.mimeType };
      }),
    },
    actions: {
      saveFile: (_, download: QuickOrderDownload) =>
        saveFile({ content: download.bytes, fileName: download.fileName, mimeType: download.mimeType }),
    },
  });
