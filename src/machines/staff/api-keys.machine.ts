import { assign, fromPromise, setup } from 'xstate';
import type { CreatedKey, IntegrationKey, IntegrationScopeName } from '../../services/api/staff';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import { untilAborted } from '../kernel/until-aborted';
import type { StaffPorts } from './staff-ports';

export const KEY_NAME_MAX = 80;

export interface ApiKeysContext {
  keys: IntegrationKey[];
  name: string;
  scopes: IntegrationScopeName[];
  /** Create was pressed: from then on the form's messages show */
  submitted: boolean;
  /** the new key's whole secret, only while it is shown (once) */
  secret: string | null;
  /** the key a revoke is asked for */
  revokingId: number | null;
  error: ErrorInfo | null;
}

export type ApiKeysEvent =
  | { type: 'keys.retried' }
  | { type: 'keys.createStarted' }
  | { type: 'keys.nameChanged'; name: string }
  | { type: 'keys.scopeToggled'; scope: IntegrationScopeName }
  | { type: 'keys.submitted' }
  | { type: 'keys.cancelled' }
  | { type: 'keys.copyAsked' }
  | { type: 'keys.secretDismissed' }
  | { type: 'keys.revokeAsked'; id: number }
  | { type: 'keys.revokeConfirmed' };

export interface CreateKeyInput {
  name: string;
  scopes: IntegrationScopeName[];
}

export const keyFormProblems = ({ name, scopes }: Pick<ApiKeysContext, 'name' | 'scopes'>) => ({
  name: name.trim() === '' || name.trim().length > KEY_NAME_MAX,
  scopes: scopes.length === 0,
});

const formValid = (context: ApiKeysContext) => {
  const problems = keyFormProblems(context);
  return !problems.name && !problems.scopes;
};

const emptyForm = { name: '', scopes: [] as IntegrationScopeName[], submitted: false, error: null };

/**
 * The integration keys: the list; a new key (a name and its scopes) whose secret is shown
 * once, with Copy and the warning that it is never shown again; a revoke asked to be confirmed.
 * Every failure is a state with Try again.
 */
export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindApiKeys`: GET /api/staff/keys/ */
    listKeys: notBound<IntegrationKey[]>('apiKeys.listKeys'),
    /** bound: POST /api/staff/keys/ */
    createKey: notBound<CreatedKey, CreateKeyInput>('apiKeys.createKey'),
    /** bound: POST /api/staff/keys/{id}/revoke/ */
    revokeKey: notBound<IntegrationKey, { id: number }>('apiKeys.revokeKey'),
    /** bound: the clipboard */
    copySecret: notBound<void, { secret: string }>('apiKeys.copySecret'),
  },
  guards: {
    formValid: ({ context }) => formValid(context),
  },
  actions: {
    keepKeys: assign((_, params: { keys: IntegrationKey[] }) => ({ keys: params.keys, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    resetForm: assign(emptyForm),
    setName: assign((_, params: { name: string }) => ({ name: params.name })),
    toggleScope: assign(({ context }, params: { scope: IntegrationScopeName }) => ({
      scopes: context.scopes.includes(params.scope)
        ? context.scopes.filter((scope) => scope !== params.scope)
        : [...context.scopes, params.scope],
    })),
    markSubmitted: assign({ submitted: true }),
    keepCreated: assign(({ context }, params: { created: CreatedKey }) => ({
      // first in the list, once (the list is newest first)
      keys: [params.created.key, ...context.keys.filter((key) => key.id !== params.created.key.id)],
      secret: params.created.secret,
      ...emptyForm,
    })),
    forgetSecret: assign({ secret: null }),
    askRevoke: assign((_, params: { id: number }) => ({ revokingId: params.id })),
    replaceKey: assign(({ context }, params: { key: IntegrationKey }) => ({
      keys: context.keys.map((key) => (key.id === params.key.id ? params.key : key)),
      revokingId: null,
    })),
    forgetRevoke: assign({ revokingId: null, error: null }),
  },
}).createMachine({
  id: 'apiKeys',
  context: { keys: [], ...emptyForm, secret: null, revokingId: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The keys page shows a spinner while the keys load.',
      invoke: {
        id: 'listKeys',
        src: 'listKeys',
        onDone: {
          target: 'list',
          actions: { type: 'keepKeys', params: ({ event }) => ({ keys: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The page says the keys could not be loaded, with Try again.',
      on: { 'keys.retried': 'loading' },
    },
    list: {
      description:
        'Every key (name, prefix, scopes, made by and when, last used, revoked) with Revoke on the live ones, and New key. No keys yet: a sentence says so.',
      on: {
        'keys.createStarted': { target: 'creating', actions: 'resetForm' },
        'keys.revokeAsked': {
          target: 'confirmingRevoke',
          actions: { type: 'askRevoke', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    creating: {
      description: 'The new key form: a name and the scopes as checkboxes, Create and Cancel.',
      initial: 'editing',
      states: {
        editing: {
          description: 'A name left empty or no scope ticked shows its message once Create was pressed.',
          on: {
            'keys.nameChanged': {
              actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) },
            },
            'keys.scopeToggled': {
              actions: { type: 'toggleScope', params: ({ event }) => ({ scope: event.scope }) },
            },
            'keys.submitted': [
              { guard: 'formValid', target: 'saving', actions: 'markSubmitted' },
              { actions: 'markSubmitted' },
            ],
            'keys.cancelled': { target: '#apiKeys.list', actions: 'resetForm' },
          },
        },
        saving: {
          description: 'Create shows a spinner while the server makes the key.',
          tags: 'busy',
          invoke: {
            id: 'createKey',
            src: 'createKey',
            input: ({ context }) => ({ name: context.name.trim(), scopes: context.scopes }),
            onDone: {
              target: '#apiKeys.secretShown',
              actions: { type: 'keepCreated', params: ({ event }) => ({ created: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description:
            'The form says the key could not be made; the name and scopes stay; Create tries again.',
          exit: 'forgetError',
          on: {
            'keys.nameChanged': {
              target: 'editing',
              actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) },
            },
            'keys.scopeToggled': {
              target: 'editing',
              actions: { type: 'toggleScope', params: ({ event }) => ({ scope: event.scope }) },
            },
            'keys.submitted': { guard: 'formValid', target: 'saving' },
            'keys.cancelled': { target: '#apiKeys.list', actions: 'resetForm' },
          },
        },
      },
    },
    secretShown: {
      description:
        'The new key in full, with Copy and the warning that it is shown only now; Done goes back to the list and the key is never shown again.',
      initial: 'shown',
      on: { 'keys.secretDismissed': { target: 'list', actions: 'forgetSecret' } },
      states: {
        shown: { on: { 'keys.copyAsked': 'copying' } },
        copying: {
          invoke: {
            id: 'copySecret',
            src: 'copySecret',
            input: ({ context }) => ({ secret: context.secret ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          description: 'Copy says Copied.',
          on: { 'keys.copyAsked': 'copying' },
        },
        copyFailed: {
          description:
            'The browser refused the clipboard: a note asks to select the key and copy it by hand.',
          on: { 'keys.copyAsked': 'copying' },
        },
      },
    },
    confirmingRevoke: {
      description:
        'A dialog asks whether to revoke the key: the systems using it stop working at once. Revoke and Cancel.',
      on: {
        'keys.revokeConfirmed': 'revoking',
        'keys.cancelled': { target: 'list', actions: 'forgetRevoke' },
      },
    },
    revoking: {
      description: 'Revoke shows a spinner while the server revokes the key.',
      tags: 'busy',
      invoke: {
        id: 'revokeKey',
        src: 'revokeKey',
        input: ({ context }) => ({ id: context.revokingId ?? 0 }),
        onDone: {
          target: 'list',
          actions: { type: 'replaceKey', params: ({ event }) => ({ key: event.output }) },
        },
        onError: {
          target: 'revokeFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    revokeFailed: {
      description: 'The dialog says the key could not be revoked, with Try again and Cancel.',
      on: {
        'keys.revokeConfirmed': 'revoking',
        'keys.cancelled': { target: 'list', actions: 'forgetRevoke' },
      },
    },
  },
});

/** The keys page bound to its ports: the calls and the clipboard. */
export const bindApiKeys = ({ api, copyText }: StaffPorts) =>
  apiKeysMachine.provide({
    actors: {
      listKeys: fromPromise<IntegrationKey[], void>(({ signal }) =>
        untilAborted(signal, api.keys({ signal })),
      ),
      createKey: fromPromise<CreatedKey, CreateKeyInput>(({ input, signal }) =>
        untilAborted(signal, api.createKey(input.name, input.scopes, { signal })),
      ),
      revokeKey: fromPromise<IntegrationKey, { id: number }>(({ input, signal }) =>
        untilAborted(signal, api.revokeKey(input.id, { signal })),
      ),
      copySecret: fromPromise<void, { secret: string }>(({ input }) => copyText(input.secret)),
    },
  });
