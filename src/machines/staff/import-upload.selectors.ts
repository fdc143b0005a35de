import type { SnapshotFrom } from 'xstate';
import type { importUploadMachine } from './import-upload.machine';

export type ImportUploadSnapshot = SnapshotFrom<typeof importUploadMachine>;

export type ImportUploadStep = 'choosing' | 'uploading' | 'uploadFailed' | 'following' | 'done' | 'failed';

/** which page of the flow shows */
export const selectImportStep = (s: ImportUploadSnapshot): ImportUploadStep => {
  return (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as ImportUploadStep;
};
export const selectImportKind = (s: ImportUploadSnapshot) => s.context.kind;
export const selectImportMode = (s: ImportUploadSnapshot) => s.context.mode;
export const selectImportFile = (s: ImportUploadSnapshot) => s.context.file;
export const selectImportFileMissing = (s: ImportUploadSnapshot) => s.context.fileMissing;
export const selectIsUploading = (s: ImportUploadSnapshot) => s.hasTag('busy');
/** why the upload failed: the HTTP status (413: too large) or null for no answer */
export const selectUploadFailure = (s: ImportUploadSnapshot) =>
  s.matches('uploadFailed') ? { status: s.context.error?.status ?? null } : null;
export const selectImportJob = (s: ImportUploadSnapshot) => s.context.job;
/** the job could not be read just now (it goes on) */
export const selectJobLost = (s: ImportUploadSnapshot) => s.matches({ following: 'lost' });
/** the failed job's code (file_unreadable, file_empty, columns_missing, rows_not_array, …) and detail */
export const selectJobFailure = (s: ImportUploadSnapshot) =>
  s.matches('failed') ? (s.context.job?.error ?? { code: 'internal_error', detail: '' }) : null;

export type RefusedRowsState = 'none' | 'loading' | 'shown' | 'failed';
export const selectRefusedRowsState = (s: ImportUploadSnapshot): RefusedRowsState => {
  if (s.matches({ done: { report: 'loading' } })) return 'loading';
  if (s.matches({ done: { report: 'shown' } })) return 'shown';
  if (s.matches({ done: { report: 'failed' } })) return 'failed';
  return 'none';
};
export const selectRefusedRows = (s: ImportUploadSnapshot) => s.context.refusedRows;
/** Show more: more refused rows wait on the server */
export const selectHasMoreRefusedRows = (s: ImportUploadSnapshot) => s.context.nextAfter !== null;
export const selectIsDownloadingReport = (s: ImportUploadSnapshot) =>
  s.matches({ done: { download: 'downloading' } });
export const selectReportDownloadFailed = (s: ImportUploadSnapshot) =>
  s.matches({ done: { download: 'failed' } });
