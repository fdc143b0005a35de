import { assign, fromPromise, setup } from 'xstate';
import { type AccountForm, validateAccountForm } from '../domain/account-forms';
import type { FieldErrors } from '../domain/form-validation';
import type { CustomerUser } from '../domain/types';
import { untilAborted } from './cart.calls';
import { provideReporting, type ReportErrorParams } from './error-reporting';
import { type ErrorInfo, toErrorInfo } from './errorInfo';
import { notBound } from './not-bound';
import type { Ports } from './ports';

export type AccountField = keyof AccountForm;

export interface AccountContext {
  account: CustomerUser | null;
  draft: AccountForm;
  errors: FieldErrors;
  error: ErrorInfo | null;
  /** the server refused the save on purpose (400 or 403): shown, not reported */
  refused: boolean;
}

export type AccountEvent =
  | { type: 'account.changed'; field: AccountField; value: string }
  | { type: 'account.submitted' }
  | { type: 'account.retried' };

const emptyDraft: AccountForm = {
  firstName: '',
  lastName: '',
  email: '',
  landlinePhone: '',
  mobilePhone: '',
};

const draftOf = (user: CustomerUser): AccountForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  landlinePhone: user.landlinePhone,
  mobilePhone: user.mobilePhone,
});

/** The cleaned form the save sends (only reached after the guard said the form is valid). */
export const validAccountForm = (draft: AccountForm): AccountForm => {
  const result = validateAccountForm(draft);
  return result.ok ? result.value : draft;
};

const isRefusal = (error: unknown) => {
  const status = toErrorInfo(error).status;
  return status === 400 || status === 403;
};

/**
 * The signed-in user's own account (spec point 3, Customer user account): name, e-mail and phones,
 * for every user. Load, edit with a message per field, save; a failed save keeps the draft and
 * offers a retry.
 */
export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindAccount` */
    loadAccount: notBound<CustomerUser>('account.loadAccount'),
    saveAccount: notBound<CustomerUser, AccountForm>('account.saveAccount'),
  },
  guards: {
    formValid: ({ context }) => validateAccountForm(context.draft).ok,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
  actions: {
    change: assign(({ context }, params: { field: AccountField; value: string }) => {
      const { [params.field]: _gone, ...errors } = context.errors;
      return { draft: { ...context.draft, [params.field]: params.value }, errors, refused: false };
    }),
    showErrors: assign(({ context }) => {
      const result = validateAccountForm(context.draft);
      return { errors: result.ok ? {} : result.errors, refused: false };
    }),
    startSave: assign({ errors: {}, error: null, refused: false }),
    keepAccount: assign((_, params: { account: CustomerUser }) => ({
      account: params.account,
      draft: draftOf(params.account),
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    markRefused: assign({ refused: true }),
    forgetError: assign({ error: null }),
    /** spec point 8: a no-op here, bound by `bindAccount` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'account',
  context: { account: null, draft: emptyDraft, errors: {}, error: null, refused: false },
  initial: 'loading',
  states: {
    loading: {
      description:
        'The Account section says "Loading your account…" while the user\'s own details are fetched.',
      tags: 'busy',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: {
          target: 'editing',
          actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loadFailed: {
      description: 'The Account section shows an error with Try again, which fetches the details again.',
      on: { 'account.retried': 'loading' },
    },
    editing: {
      description:
        'Your details shows the username and the first and last name, e-mail and phone fields with Save; below are the language, Change password and Delete account blocks. A field left wrong shows its message; a refused save says "The server did not accept these details…".',
      on: {
        'account.changed': {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'account.submitted': [
          { guard: 'formValid', target: 'saving', actions: 'startSave' },
          { actions: 'showErrors' },
        ],
      },
    },
    saving: {
      description:
        'Save says "Saving…" with a spinner while the server saves the details; the fields stay editable.',
      tags: 'busy',
      on: {
        'account.changed': {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
      invoke: {
        id: 'saveAccount',
        src: 'saveAccount',
        input: ({ context }) => validAccountForm(context.draft),
        onDone: {
          target: 'saved',
          actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: 'markRefused',
          },
          {
            target: 'saveFailed',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    saved: {
      description: 'Your details shows the note "Your details are saved." until the next change.',
      on: {
        'account.changed': {
          target: 'editing',
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
    },
    saveFailed: {
      description:
        'Your details keeps what was typed and shows an error with Try again; changing a field clears it.',
      on: {
        'account.retried': { target: 'saving', actions: 'startSave' },
        'account.changed': {
          target: 'editing',
          actions: [
            'forgetError',
            { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
          ],
        },
      },
    },
  },
});

/** The own account bound to the ports: the account calls, and unexpected failures reported. */
export const bindAccount = ({ api }: Ports) =>
  provideReporting(
    accountMachine.provide({
      actors: {
        loadAccount: fromPromise<CustomerUser, void>(({ signal }) =>
          untilAborted(signal, api.account({ signal })),
        ),
        saveAccount: fromPromise<CustomerUser, AccountForm>(({ input, signal }) =>
          untilAborted(signal, api.saveAccount(input, { signal })),
        ),
      },
    }),
    api,
  );
