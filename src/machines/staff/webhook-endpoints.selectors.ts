import type { SnapshotFrom } from 'xstate';
import type { webhookEndpointsMachine } from './webhook-endpoints.machine';
import { webhookUrlProblem } from './webhook-endpoints.machine';

export type WebhookEndpointsSnapshot = SnapshotFrom<typeof webhookEndpointsMachine>;

export const selectEndpointsLoading = (s: WebhookEndpointsSnapshot) => s.matches('loading');
export const selectEndpointsLoadFailed = (s: WebhookEndpointsSnapshot) => s.matches('loadFailed');
export const selectEndpointsEmpty = (s: WebhookEndpointsSnapshot) => s.matches('empty');
export const selectEndpoints = (s: WebhookEndpointsSnapshot) => s.context.endpoints;
/** the list's buttons work (no call of the page runs, no dialog or form is open) */
export const selectEndpointActionsOpen = (s: WebhookEndpointsSnapshot) =>
  s.matches('empty') ||
  s.matches({ list: 'idle' }) ||
  s.matches({ list: 'testFailed' }) ||
  s.matches({ list: 'toggleFailed' });
export const selectIsAddingEndpoint = (s: WebhookEndpointsSnapshot) => s.matches('creating');
export const selectEndpointSaving = (s: WebhookEndpointsSnapshot) => s.matches({ creating: 'saving' });
export const selectEndpointCreateFailed = (s: WebhookEndpointsSnapshot) => s.matches({ creating: 'failed' });
export const selectEndpointUrl = (s: WebhookEndpointsSnapshot) => s.context.url;
export const selectEndpointDescription = (s: WebhookEndpointsSnapshot) => s.context.description;
export type EndpointUrlProblem = 'missing' | 'invalid' | 'refused' | null;
/** the URL's message: the server's refusal, else (once Add was pressed) the form's own check */
export const selectEndpointUrlProblem = (s: WebhookEndpointsSnapshot): EndpointUrlProblem => {
  if (s.context.urlRefused) return 'refused';
  return s.context.submitted ? webhookUrlProblem(s.context.url) : null;
};
/** the signing secret while it is shown (once), else null */
export const selectShownWebhookSecret = (s: WebhookEndpointsSnapshot) =>
  s.matches('secretShown') ? s.context.shownSecret : null;
export type WebhookCopyState = 'idle' | 'copying' | 'copied' | 'failed';
export const selectWebhookCopyState = (s: WebhookEndpointsSnapshot): WebhookCopyState => {
  if (s.matches({ secretShown: 'copying' })) return 'copying';
  if (s.matches({ secretShown: 'copied' })) return 'copied';
  if (s.matches({ secretShown: 'copyFailed' })) return 'failed';
  return 'idle';
};
/** the endpoint whose test send runs, else null */
export const selectTestingEndpointId = (s: WebhookEndpointsSnapshot) =>
  s.matches({ list: 'testing' }) ? s.context.chosenId : null;
/** the endpoint whose test could not be sent, else null */
export const selectTestFailedEndpointId = (s: WebhookEndpointsSnapshot) =>
  s.matches({ list: 'testFailed' }) ? s.context.chosenId : null;
export const selectTestResult = (s: WebhookEndpointsSnapshot) => s.context.testResult;
/** the endpoint being enabled or disabled, else null */
export const selectTogglingEndpointId = (s: WebhookEndpointsSnapshot) =>
  s.matches({ list: 'toggling' }) ? s.context.chosenId : null;
/** the endpoint that could not be enabled or disabled, else null */
export const selectToggleFailedEndpointId = (s: WebhookEndpointsSnapshot) =>
  s.matches({ list: 'toggleFailed' }) ? s.context.chosenId : null;

export type EndpointDialogStep = 'confirming' | 'working' | 'failed';
/** the rotation dialog's step, else null */
export const selectRotateStep = (s: WebhookEndpointsSnapshot): EndpointDialogStep | null => {
  if (s.matches({ list: 'confirmingRotate' })) return 'confirming';
  if (s.matches({ list: 'rotating' })) return 'working';
  if (s.matches({ list: 'rotateFailed' })) return 'failed';
  return null;
};
/** the deletion dialog's step, else null */
export const selectDeleteStep = (s: WebhookEndpointsSnapshot): EndpointDialogStep | null => {
  if (s.matches({ list: 'confirmingDelete' })) return 'confirming';
  if (s.matches({ list: 'deleting' })) return 'working';
  if (s.matches({ list: 'deleteFailed' })) return 'failed';
  return null;
};
/** the endpoint a dialog asks about, else null */
export const selectDialogEndpoint = (s: WebhookEndpointsSnapshot) =>
  selectRotateStep(s) !== null || selectDeleteStep(s) !== null
    ? (s.context.endpoints.find((endpoint) => endpoint.id === s.context.chosenId) ?? null)
    : null;
