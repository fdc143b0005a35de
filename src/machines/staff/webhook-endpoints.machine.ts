import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../services/api/errors';
import type {
  CreatedWebhookEndpoint,
  RotatedWebhookSecret,
  WebhookEndpoint,
  WebhookTestResult,
} from '../../services/api/staff-webhooks';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import { untilAborted } from '../kernel/until-aborted';
import type { StaffPorts } from './staff-ports';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** A test send's answer, for the endpoint it was for and when it ran. */
export interface WebhookTestOutcome extends WebhookTestResult {
  endpointId: number;
  testedAt: string;
}

/** A signing secret while it is shown (once): a new endpoint's, or a rotation's. */
export interface ShownWebhookSecret {
  secret: string;
  endpointId: number;
  /** a rotation's: until when the previous secret still verifies; null for a new endpoint */
  previousSecretExpiresAt: string | null;
}

export interface WebhookEndpointsContext {
  endpoints: WebhookEndpoint[];
  url: string;
  description: string;
  /** Add was pressed: from then on the form's messages show */
  submitted: boolean;
  /** the server refused the URL as sent (until it is changed) */
  urlRefused: boolean;
  shownSecret: ShownWebhookSecret | null;
  /** the endpoint a test, an enable or disable, a rotation or a deletion is for */
  chosenId: number | null;
  /** the last test send's answer */
  testResult: WebhookTestOutcome | null;
  error: ErrorInfo | null;
}

export type WebhookEndpointsEvent =
  | { type: 'webhooks.retried' }
  | { type: 'webhooks.createStarted' }
  | { type: 'webhooks.urlChanged'; url: string }
  | { type: 'webhooks.descriptionChanged'; description: string }
  | { type: 'webhooks.submitted' }
  | { type: 'webhooks.cancelled' }
  | { type: 'webhooks.copyAsked' }
  | { type: 'webhooks.secretDismissed' }
  | { type: 'webhooks.testAsked'; id: number }
  | { type: 'webhooks.enabledToggled'; id: number }
  | { type: 'webhooks.rotateAsked'; id: number }
  | { type: 'webhooks.rotateConfirmed' }
  | { type: 'webhooks.deleteAsked'; id: number }
  | { type: 'webhooks.deleteConfirmed' };

export interface CreateWebhookEndpointInput {
  url: string;
  description: string;
}

export interface SetEnabledInput {
  id: number;
  enabled: boolean;
}

export type WebhookUrlProblem = 'missing' | 'invalid';

/** Why a typed URL cannot be an endpoint, or null: it must be an absolute http(s) URL without credentials. */
export function webhookUrlProblem(url: string): WebhookUrlProblem | null {
  const trimmed = url.trim();
  if (trimmed === '') return 'missing';
  if (trimmed.length > WEBHOOK_URL_MAX) return 'invalid';
  try {
    const parsed = new URL(trimmed);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    // no user name or password in it: the signature tells the receiver who sent an event
    return web && parsed.hostname !== '' && !parsed.username && !parsed.password ? null : 'invalid';
  } catch {
    return 'invalid';
  }
}

const emptyForm = { url: '', description: '', submitted: false, urlRefused: false, error: null };

const chosen = (context: WebhookEndpointsContext) =>
  context.endpoints.find((endpoint) => endpoint.id === context.chosenId);

/**
 * The webhook endpoints the order events go to: the list with each one's waiting, failing and
 * given-up deliveries; a new endpoint (its URL checked) whose signing secret is shown once; a test
 * send with its answer; enable and disable; a secret rotation, confirmed first, whose new secret is
 * shown once with until when the old one still verifies; a deletion, confirmed first. Every failure
 * is a state with Try again.
 */
export const webhookEndpointsMachine = setup({
  types: {
    context: {} as WebhookEndpointsContext,
    events: {} as WebhookEndpointsEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindWebhookEndpoints`: GET /api/staff/webhook-endpoints */
    listEndpoints: notBound<WebhookEndpoint[]>('webhookEndpoints.listEndpoints'),
    /** bound: POST /api/staff/webhook-endpoints */
    createEndpoint: notBound<CreatedWebhookEndpoint, CreateWebhookEndpointInput>(
      'webhookEndpoints.createEndpoint',
    ),
    /** bound: POST /api/staff/webhook-endpoints/{id}/test, with the time it ran */
    testEndpoint: notBound<WebhookTestOutcome, { id: number }>('webhookEndpoints.testEndpoint'),
    /** bound: PATCH /api/staff/webhook-endpoints/{id} */
    setEnabled: notBound<WebhookEndpoint, SetEnabledInput>('webhookEndpoints.setEnabled'),
    /** bound: POST /api/staff/webhook-endpoints/{id}/rotate-secret */
    rotateSecret: notBound<RotatedWebhookSecret, { id: number }>('webhookEndpoints.rotateSecret'),
    /** bound: DELETE /api/staff/webhook-endpoints/{id} */
    deleteEndpoint: notBound<void, { id: number }>('webhookEndpoints.deleteEndpoint'),
    /** bound: the clipboard */
    copySecret: notBound<void, { secret: string }>('webhookEndpoints.copySecret'),
  },
  guards: {
    noEndpoints: ({ context }) => context.endpoints.length === 0,
    urlValid: ({ context }) => webhookUrlProblem(context.url) === null,
    /** a 400 naming the URL: the server's own check refused it */
    isUrlRefused: (_, params: { error: unknown }) =>
      isApiError(params.error) && params.error.status === 400 && params.error.fieldErrors?.url !== undefined,
  },
  actions: {
    keepEndpoints: assign((_, params: { endpoints: WebhookEndpoint[] }) => ({
      endpoints: params.endpoints,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    resetForm: assign(emptyForm),
    setUrl: assign((_, params: { url: string }) => ({ url: params.url, urlRefused: false })),
    setDescription: assign((_, params: { description: string }) => ({ description: params.description })),
    markSubmitted: assign({ submitted: true }),
    markUrlRefused: assign({ urlRefused: true }),
    keepCreated: assign(({ context }, params: { created: CreatedWebhookEndpoint }) => ({
      endpoints: [
        ...context.endpoints.filter((endpoint) => endpoint.id !== params.created.endpoint.id),
        params.created.endpoint,
      ],
      shownSecret: {
        secret: params.created.secret,
        endpointId: params.created.endpoint.id,
        previousSecretExpiresAt: null,
      },
      ...emptyForm,
    })),
    keepRotated: assign(({ context }, params: { rotated: RotatedWebhookSecret }) => ({
      endpoints: context.endpoints.map((endpoint) =>
        endpoint.id === context.chosenId
          ? { ...endpoint, previousSecretExpiresAt: params.rotated.previousSecretExpiresAt }
          : endpoint,
      ),
      shownSecret: {
        secret: params.rotated.secret,
        endpointId: context.chosenId ?? 0,
        previousSecretExpiresAt: params.rotated.previousSecretExpiresAt,
      },
      chosenId: null,
    })),
    forgetSecret: assign({ shownSecret: null }),
    choose: assign((_, params: { id: number }) => ({ chosenId: params.id })),
    forgetChoice: assign({ chosenId: null, error: null }),
    keepTestResult: assign((_, params: { result: WebhookTestOutcome }) => ({
      testResult: params.result,
      chosenId: null,
    })),
    replaceEndpoint: assign(({ context }, params: { endpoint: WebhookEndpoint }) => ({
      endpoints: context.endpoints.map((endpoint) =>
        endpoint.id === params.endpoint.id ? params.endpoint : endpoint,
      ),
      chosenId: null,
    })),
    removeChosen: assign(({ context }) => ({
      endpoints: context.endpoints.filter((endpoint) => endpoint.id !== context.chosenId),
      testResult: context.testResult?.endpointId === context.chosenId ? null : context.testResult,
      chosenId: null,
    })),
  },
}).createMachine({
  id: 'webhookEndpoints',
  context: { endpoints: [], ...emptyForm, shownSecret: null, chosenId: null, testResult: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The webhooks page shows a spinner while the endpoints load.',
      invoke: {
        id: 'listEndpoints',
        src: 'listEndpoints',
        onDone: {
          target: 'list',
          actions: { type: 'keepEndpoints', params: ({ event }) => ({ endpoints: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The page says the endpoints could not be loaded, with Try again.',
      on: { 'webhooks.retried': 'loading' },
    },
    empty: {
      description: 'No endpoint yet: a sentence says that no events are sent anywhere, with Add endpoint.',
      on: { 'webhooks.createStarted': { target: 'creating', actions: 'resetForm' } },
    },
    list: {
      description:
        'Every endpoint: its URL and description, enabled or not, its waiting, failing and given-up deliveries, with Test, Disable or Enable, Rotate secret and Delete; and Add endpoint.',
      always: { guard: 'noEndpoints', target: 'empty' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'webhooks.createStarted': { target: '#webhookEndpoints.creating', actions: 'resetForm' },
            'webhooks.testAsked': {
              target: 'testing',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.enabledToggled': {
              target: 'toggling',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.rotateAsked': {
              target: 'confirmingRotate',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.deleteAsked': {
              target: 'confirmingDelete',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        testing: {
          description:
            'Test shows a spinner on the endpoint’s row while the server sends it a signed test event.',
          tags: 'busy',
          invoke: {
            id: 'testEndpoint',
            src: 'testEndpoint',
            input: ({ context }) => ({ id: context.chosenId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepTestResult', params: ({ event }) => ({ result: event.output }) },
            },
            onError: {
              target: 'testFailed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        testFailed: {
          description:
            'The endpoint’s row says the test could not be sent (the server did not answer); Test tries again.',
          exit: 'forgetError',
          on: {
            'webhooks.createStarted': { target: '#webhookEndpoints.creating', actions: 'resetForm' },
            'webhooks.testAsked': {
              target: 'testing',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.enabledToggled': {
              target: 'toggling',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.rotateAsked': {
              target: 'confirmingRotate',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.deleteAsked': {
              target: 'confirmingDelete',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        toggling: {
          description: 'Disable or Enable shows a spinner on the endpoint’s row while the server changes it.',
          tags: 'busy',
          invoke: {
            id: 'setEnabled',
            src: 'setEnabled',
            input: ({ context }) => ({ id: context.chosenId ?? 0, enabled: !chosen(context)?.enabled }),
            onDone: {
              target: 'idle',
              actions: { type: 'replaceEndpoint', params: ({ event }) => ({ endpoint: event.output }) },
            },
            onError: {
              target: 'toggleFailed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        toggleFailed: {
          description:
            'The endpoint’s row says it could not be enabled or disabled; pressing it again tries again.',
          exit: 'forgetError',
          on: {
            'webhooks.createStarted': { target: '#webhookEndpoints.creating', actions: 'resetForm' },
            'webhooks.testAsked': {
              target: 'testing',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.enabledToggled': {
              target: 'toggling',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.rotateAsked': {
              target: 'confirmingRotate',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
            'webhooks.deleteAsked': {
              target: 'confirmingDelete',
              actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        confirmingRotate: {
          description:
            'A dialog asks whether to make a new signing secret: the old one keeps verifying for a day, so the receiver can be changed meanwhile. Rotate and Cancel.',
          on: {
            'webhooks.rotateConfirmed': 'rotating',
            'webhooks.cancelled': { target: 'idle', actions: 'forgetChoice' },
          },
        },
        rotating: {
          description: 'Rotate shows a spinner while the server makes the new secret.',
          tags: 'busy',
          invoke: {
            id: 'rotateSecret',
            src: 'rotateSecret',
            input: ({ context }) => ({ id: context.chosenId ?? 0 }),
            onDone: {
              target: '#webhookEndpoints.secretShown',
              actions: { type: 'keepRotated', params: ({ event }) => ({ rotated: event.output }) },
            },
            onError: {
              target: 'rotateFailed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        rotateFailed: {
          description: 'The dialog says the secret could not be rotated, with Try again and Cancel.',
          exit: 'forgetError',
          on: {
            'webhooks.rotateConfirmed': 'rotating',
            'webhooks.cancelled': { target: 'idle', actions: 'forgetChoice' },
          },
        },
        confirmingDelete: {
          description:
            'A dialog asks whether to delete the endpoint: it gets no more events and its waiting deliveries stop. Delete and Cancel.',
          on: {
            'webhooks.deleteConfirmed': 'deleting',
            'webhooks.cancelled': { target: 'idle', actions: 'forgetChoice' },
          },
        },
        deleting: {
          description: 'Delete shows a spinner while the server retires the endpoint.',
          tags: 'busy',
          invoke: {
            id: 'deleteEndpoint',
            src: 'deleteEndpoint',
            input: ({ context }) => ({ id: context.chosenId ?? 0 }),
            onDone: { target: 'idle', actions: 'removeChosen' },
            onError: {
              target: 'deleteFailed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        deleteFailed: {
          description: 'The dialog says the endpoint could not be deleted, with Try again and Cancel.',
          exit: 'forgetError',
          on: {
            'webhooks.deleteConfirmed': 'deleting',
            'webhooks.cancelled': { target: 'idle', actions: 'forgetChoice' },
          },
        },
      },
    },
    creating: {
      description: 'The new endpoint form: its URL and a description, Add and Cancel.',
      initial: 'editing',
      states: {
        editing: {
          description:
            'A URL left empty, not an http(s) address, or refused by the server shows its message once Add was pressed.',
          on: {
            'webhooks.urlChanged': {
              actions: { type: 'setUrl', params: ({ event }) => ({ url: event.url }) },
            },
            'webhooks.descriptionChanged': {
              actions: {
                type: 'setDescription',
                params: ({ event }) => ({ description: event.description }),
              },
            },
            'webhooks.submitted': [
              { guard: 'urlValid', target: 'saving', actions: 'markSubmitted' },
              { actions: 'markSubmitted' },
            ],
            'webhooks.cancelled': { target: '#webhookEndpoints.list', actions: 'resetForm' },
          },
        },
        saving: {
          description: 'Add shows a spinner while the server makes the endpoint and its secret.',
          tags: 'busy',
          invoke: {
            id: 'createEndpoint',
            src: 'createEndpoint',
            input: ({ context }) => ({ url: context.url.trim(), description: context.description.trim() }),
            onDone: {
              target: '#webhookEndpoints.secretShown',
              actions: { type: 'keepCreated', params: ({ event }) => ({ created: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isUrlRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: 'markUrlRefused',
              },
              {
                target: 'failed',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        failed: {
          description:
            'The form says the endpoint could not be added; the URL and description stay; Add tries again.',
          exit: 'forgetError',
          on: {
            'webhooks.urlChanged': {
              target: 'editing',
              actions: { type: 'setUrl', params: ({ event }) => ({ url: event.url }) },
            },
            'webhooks.descriptionChanged': {
              target: 'editing',
              actions: {
                type: 'setDescription',
                params: ({ event }) => ({ description: event.description }),
              },
            },
            'webhooks.submitted': { guard: 'urlValid', target: 'saving' },
            'webhooks.cancelled': { target: '#webhookEndpoints.list', actions: 'resetForm' },
          },
        },
      },
    },
    secretShown: {
      description:
        'The signing secret in full, with Copy and the warning that it is shown only now (after a rotation also until when the old one verifies); Done goes back to the list and it is never shown again.',
      initial: 'shown',
      on: { 'webhooks.secretDismissed': { target: 'list', actions: 'forgetSecret' } },
      states: {
        shown: { on: { 'webhooks.copyAsked': 'copying' } },
        copying: {
          invoke: {
            id: 'copySecret',
            src: 'copySecret',
            input: ({ context }) => ({ secret: context.shownSecret?.secret ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          description: 'Copy says Copied.',
          on: { 'webhooks.copyAsked': 'copying' },
        },
        copyFailed: {
          description:
            'The browser refused the clipboard: a note asks to select the secret and copy it by hand.',
          on: { 'webhooks.copyAsked': 'copying' },
        },
      },
    },
  },
});

/** The webhooks page bound to its ports: the calls, the clock of a test send and the clipboard. */
export const bindWebhookEndpoints = ({ api, copyText }: StaffPorts) =>
  webhookEndpointsMachine.provide({
    actors: {
      listEndpoints: fromPromise<WebhookEndpoint[], void>(({ signal }) =>
        untilAborted(signal, api.webhookEndpoints({ signal })),
      ),
      createEndpoint: fromPromise<CreatedWebhookEndpoint, CreateWebhookEndpointInput>(({ input, signal }) =>
        untilAborted(signal, api.createWebhookEndpoint(input, { signal })),
      ),
      testEndpoint: fromPromise<WebhookTestOutcome, { id: number }>(async ({ input, signal }) => {
        const result = await untilAborted(signal, api.testWebhookEndpoint(input.id, { signal }));
        return { ...result, endpointId: input.id, testedAt: new Date().toISOString() };
      }),
      setEnabled: fromPromise<WebhookEndpoint, SetEnabledInput>(({ input, signal }) =>
        untilAborted(signal, api.setWebhookEndpointEnabled(input.id, input.enabled, { signal })),
      ),
      rotateSecret: fromPromise<RotatedWebhookSecret, { id: number }>(({ input, signal }) =>
        untilAborted(signal, api.rotateWebhookSecret(input.id, { signal })),
      ),
      deleteEndpoint: fromPromise<void, { id: number }>(({ input, signal }) =>
        untilAborted(signal, api.deleteWebhookEndpoint(input.id, { signal })),
      ),
      copySecret: fromPromise<void, { secret: string }>(({ input }) => copyText(input.secret)),
    },
  });
