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
export { importKinds, importModes, integrationScopes, webhookDeliveryStates } from './staff-choices';
export type {
  SuborderEvent,
  SuborderHistory,
  WebhookDelivery,
  WebhookDeliveryStateName,
  WebhookEndpoint,
} from './staff-data';
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
export {
  bindSuborderLookup,
  type SuborderLookupKind,
  suborderLookupMachine,
} from './suborder-lookup.machine';
export {
  selectLookupFailed,
  selectLookupKind,
  selectLookupNotFound,
  selectLookupProblem,
  selectLookupQuery,
  selectLookupSearching,
  selectLookupText,
  selectSuborderHistories,
} from './suborder-lookup.selectors';
export {
  bindWebhookDeliveries,
  type WebhookDeliveriesInput,
  webhookDeliveriesMachine,
} from './webhook-deliveries.machine';
export {
  selectDeliveries,
  selectDeliveriesEmpty,
  selectDeliveriesLoadFailed,
  selectDeliveriesLoading,
  selectDeliveryDraft,
  selectDeliveryOrderProblem,
  selectHasOlderDeliveries,
  selectIsReplaying,
  selectLoadingOlderDeliveries,
  selectOlderDeliveriesFailed,
  selectReplayStep,
} from './webhook-deliveries.selectors';
export { bindWebhookEndpointChoices } from './webhook-endpoint-choices.resource';
export {
  bindWebhookEndpoints,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  webhookEndpointsMachine,
} from './webhook-endpoints.machine';
export {
  selectDeleteStep,
  selectDialogEndpoint,
  selectEndpointActionsOpen,
  selectEndpointCreateFailed,
  selectEndpointDescription,
  selectEndpointSaving,
  selectEndpoints,
  selectEndpointsEmpty,
  selectEndpointsLoadFailed,
  selectEndpointsLoading,
  selectEndpointUrl,
  selectEndpointUrlProblem,
  selectIsAddingEndpoint,
  selectRotateStep,
  selectShownWebhookSecret,
  selectTestFailedEndpointId,
  selectTestingEndpointId,
  selectTestResult,
  selectToggleFailedEndpointId,
  selectTogglingEndpointId,
  selectWebhookCopyState,
} from './webhook-endpoints.selectors';
