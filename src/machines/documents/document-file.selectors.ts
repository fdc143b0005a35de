import type { SnapshotFrom } from 'xstate';
import type { DocumentFileMode, documentFileMachine } from './document-file.machine';

export type DocumentFileSnapshot = SnapshotFrom<typeof documentFileMachine>;

/** The file is being fetched: both buttons wait. */
export const selectIsDocumentFileBusy = (s: DocumentFileSnapshot): boolean => s.hasTag('busy');

/** Which button's request is under way (its spinner), null when none is. */
export const selectDocumentFileBusyMode = (s: DocumentFileSnapshot): DocumentFileMode | null =>
  s.hasTag('busy') ? s.context.mode : null;

/** "Could not open the document. Try again." */
export const selectDocumentFileFailed = (s: DocumentFileSnapshot): boolean => s.matches('failed');

/** What the last request asked for (a retry repeats it); null before the first. */
export const selectDocumentFileMode = (s: DocumentFileSnapshot): DocumentFileMode | null => s.context.mode;
