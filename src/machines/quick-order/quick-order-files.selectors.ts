import type { SnapshotFrom } from 'xstate';
import type { quickOrderFilesMachine } from './quick-order-files.machine';

export type QuickOrderFilesSnapshot = SnapshotFrom<typeof quickOrderFilesMachine>;

/** A file (the template or the status sheet) is being written: its button shows a spinner. */
export const selectFilesBusy = (s: QuickOrderFilesSnapshot): boolean => s.hasTag('busy');
/** The last file could not be written. */
export const selectFilesFailed = (s: QuickOrderFilesSnapshot): boolean => s.matches('failed');
