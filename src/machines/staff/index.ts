export { apiKeysMachine, bindApiKeys } from './api-keys.machine';
export {
  selectCopyState,
  selectIsCreatingKey,
  selectIsRevoking,
  selectKeyCreateFailed,
  selectKeyFormProblems,
  selectKeyName,
  selectKeySaving,
  selectKeyScopes,
  selectKeys,
  selectKeysLoadFailed,
  selectKeysLoading,
  selectRevokeCandidate,
  selectRevokeFailed,
  selectShownSecret,
} from './api-keys.selectors';
export { bindImportJobs } from './import-jobs.resource';
export { bindImportUpload, importUploadMachine } from './import-upload.machine';
export {
  type ImportUploadStep,
  selectHasMoreRefusedRows,
  selectImportFile,
  selectImportFileMissing,
  selectImportJob,
  selectImportKind,
  selectImportMode,
  selectImportStep,
  selectIsDownloadingReport,
  selectIsUploading,
  selectJobFailure,
  selectJobLost,
  selectRefusedRows,
  selectRefusedRowsState,
  selectReportDownloadFailed,
  selectUploadFailure,
} from './import-upload.selectors';
export { createStaffArea, type StaffArea, startStaffArea } from './staff-area.actor';
export { importKinds, importModes, integrationScopes } from './staff-choices';
export { createChosenFiles, type StaffPorts } from './staff-ports';
export { staffSessionMachine } from './staff-session.machine';
export {
  selectStaffCanSubmit,
  selectStaffIsRestoring,
  selectStaffIsSignedIn,
  selectStaffIsSigningIn,
  selectStaffName,
  selectStaffPassword,
  selectStaffSignInProblem,
  selectStaffUsername,
  selectStaffWaitMinutes,
} from './staff-session.selectors';
