export { bindDocumentFile, type DocumentFileMode, documentFileMachine } from './document-file.machine';
export {
  selectDocumentFileBusyMode,
  selectDocumentFileFailed,
  selectDocumentFileMode,
} from './document-file.selectors';
export { bindDocuments } from './documents.resource';
export {
  selectDocuments,
  selectDocumentsNotOffered,
  selectDocumentsOfType,
  selectDocumentsStatus,
} from './documents.selectors';
