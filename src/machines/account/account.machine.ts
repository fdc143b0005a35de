import { assign, fromPromise, setup } from 'xstate';
import { type AccountForm, validateAccountForm } from '../../domain/account-forms';
import { validateSecurityCodeForm } from '../../domain/auth-forms';
import { type FieldErrors, type FieldMessage, VALIDATION_KEYS } from '../../domain/form-validation';
import type { CustomerUser } from '../../domain/types';
import { isApiError } from '../../services/api';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

export type AccountField = keyof AccountForm;

export interface AccountContext {
  account: CustomerUser | null;
  draft: AccountForm;
  errors: FieldErrors;
  /** the server refused the save on purpose (400 or 403): shown, not reported */
  refused: boolean;
  /** the code from the mail that confirms a new address, as typed */
  code: string;
  /** the code field's message (not 6 digits) */
  codeMessage: FieldMessage | null;
  /** the call a failed confirmation step retries */
  lastCodeCall: CodeCall;
}

/** The calls of the confirmation step: send the code, ask for a new one, keep the old address. */
export type CodeCall = 'confirm' | 'resend' | 'cancel';

export type AccountEvent =
  | { type: 'account.changed'; field: AccountField; value: string }
  | { type: 'account.submitted' }
  | { type: 'account.retried' }
  | { type: 'account.codeChanged'; value: string }
  | { type: 'account.codeSubmitted' }
  | { type: 'account.codeResent' }
  | { type: 'account.changeCancelled' };

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
const refusalCode = (error: unknown) => (isApiError(error) && error.status === 400 ? error.code : null);

/** The code without spaces and with ASCII digits (the server accepts it typed either way). */
export const cleanAccountCode = (code: string) => {
  const result = validateSecurityCodeForm({ code });
  return result.ok ? result.value.code : code;
};

/** "Send a new code" saves the account again with the address still waiting. */
export const resendForm = (account: CustomerUser | null): AccountForm =>
  account ? { ...draftOf(account), email: account.pendingEmail ?? account.email } : emptyDraft;

const freshCode = { code: '', codeMessage: null };

/**
 * The signed-in user's own account (spec point 3, Customer user account): name, e-mail and phones,
 * for every user. Load, then the details are a form submission (src/machines/kernel/form-submission.ts):
 * a message per field, a refusal beside the form, a failed save keeps the draft and offers a retry. A server that confirms new addresses answers a save (or the load) with the
 * address in `pendingEmail`: then the code mailed to it is asked for. A server that changes the
 * address at once never sends it, and the save is simply saved.
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
    confirmEmail: notBound<CustomerUser, string>('account.confirmEmail'),
    cancelEmailChange: notBound<CustomerUser>('account.cancelEmailChange'),
  },
  guards: {
    formValid: ({ context }) => validateAccountForm(context.draft).ok,
    codeValid: ({ context }) => validateSecurityCodeForm({ code: context.code }).ok,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
    /** the backend has no own-account calls (a capability it lacks): trying again cannot help */
    isMissingCall: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
    isEmailTaken: (_, params: { error: unknown }) => refusalCode(params.error) === 'email_taken',
    isWrongCode: (_, params: { error: unknown }) => refusalCode(params.error) === 'invalid_code',
    /** expired, tried too often, or no longer waiting: only a new code helps */
    needsNewCode: (_, params: { error: unknown }) =>
      ['code_expired', 'too_many_tries', 'no_pending_email'].includes(refusalCode(params.error) ?? ''),
    hasPendingEmail: (_, params: { account: CustomerUser }) => Boolean(params.account.pendingEmail),
    lastCallWas: ({ context }, params: { call: CodeCall }) => context.lastCodeCall === params.call,
  },
  actions: {
    change: assign(({ context }, params: { field: AccountField; value: string }) => {
      const { [params.field]: _gone, ...errors } = context.errors;
      return {
        draft: { ...context.draft, [params.field]: params.value },
        errors,
        refused: false,
      };
    }),
    showErrors: assign(({ context }) => {
      const result = validateAccountForm(context.draft);
      return { errors: result.ok ? {} : result.errors, refused: false };
    }),
    startSave: assign({ errors: {}, refused: false }),
    keepAccount: assign((_, params: { account: CustomerUser }) => ({
      account: params.account,
      draft: draftOf(params.account),
    })),
    markRefused: assign({ refused: true }),
    markEmailTaken: assign({ errors: { email: { key: VALIDATION_KEYS.emailTaken } }, refused: false }),
    changeCode: assign((_, params: { value: string }) => ({ code: params.value, codeMessage: null })),
    showCodeError: assign(({ context }) => {
      const result = validateSecurityCodeForm({ code: context.code });
      return { codeMessage: result.ok ? null : (result.errors.code ?? null) };
    }),
    startCodeCall: assign((_, params: { call: CodeCall }) => ({
      lastCodeCall: params.call,
      codeMessage: null,
    })),
    forgetCode: assign(freshCode),
    /** leaving the confirmation: nothing of it is kept for the next one */
    forgetConfirmation: assign({ ...freshCode, lastCodeCall: 'confirm' as CodeCall }),
    /** spec point 8: a no-op here, bound by `bindAccount` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'account',
  context: {
    account: null,
    draft: emptyDraft,
    errors: {},
    refused: false,
    ...freshCode,
    lastCodeCall: 'confirm',
  },
  initial: 'loading',
  states: {
    loading: {
      description:
        'The Account section says "Loading your account…" while the user\'s own details are fetched.',
      tags: 'busy',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: [
          {
            guard: { type: 'hasPendingEmail', params: ({ event }) => ({ account: event.output }) },
            target: 'details.filling.confirmEmail',
            actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
          },
          {
            target: 'details',
            actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
            target: 'notOffered',
          },
          {
            target: 'loadFailed',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    notOffered: {
      description:
        'The backend has no own-account calls (a capability it lacks): Your details shows the name and company the sign-in gives, without a form; the language, Change password and Delete account blocks stay.',
    },
    loadFailed: {
      description: 'The Account section shows an error with Try again, which fetches the details again.',
      on: { 'account.retried': 'loading' },
    },
    details: {
      description:
        'Your details (a form submission, src/machines/kernel/form-submission.ts): the first and last name, e-mail and phone fields with Save; below are the language, Change password and Delete account blocks.',
      initial: 'filling',
      states: {
        filling: {
          description:
            'The details take typing. Changing a field clears its message, a refusal or a failure, and leaves any note or the code box.',
          initial: 'editing',
          on: {
            'account.changed': {
              target: '.editing',
              actions: {
                type: 'change',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
          },
          states: {
            editing: {
              description:
                'The details as typed; Save checks them first. A field left wrong shows its message; a refused save says "The server did not accept these details…".',
              on: {
                'account.submitted': [
                  { guard: 'formValid', target: '#account.details.submitting', actions: 'startSave' },
                  { actions: 'showErrors' },
                ],
              },
            },
            failed: {
              description: 'Your details keeps what was typed and shows an error with Try again.',
              on: { 'account.retried': { target: '#account.details.submitting', actions: 'startSave' } },
            },
            saved: {
              description: 'Your details shows the note "Your details are saved." until the next change.',
            },
            emailConfirmed: {
              description:
                'Your details shows the note "Your new e-mail address is confirmed." with the new address in the e-mail field, until the next change.',
            },
            confirmEmail: {
              description:
                'Below the details a box says "We sent a code to <new address>. Your address changes when you enter it." with the 6-digit code field, Confirm, Send a new code and Keep my current address; the e-mail field still shows the current address. Changing a detail leaves the box; the change still waits on the server, and saving the details brings the box back (only Keep my current address withdraws it).',
              initial: 'asking',
              exit: 'forgetConfirmation',
              states: {
                asking: {
                  description:
                    'The box waits for the customer: Send a new code and Keep my current address are offered in each of its steps.',
                  initial: 'entering',
                  on: {
                    'account.codeResent': {
                      target: 'resending',
                      actions: { type: 'startCodeCall', params: { call: 'resend' } },
                    },
                    'account.changeCancelled': {
                      target: 'cancelling',
                      actions: { type: 'startCodeCall', params: { call: 'cancel' } },
                    },
                  },
                  states: {
                    entering: {
                      description:
                        'The code field and its buttons; a code that is not 6 digits shows "The security code is 6 digits." under it.',
                      on: {
                        'account.codeChanged': {
                          actions: { type: 'changeCode', params: ({ event }) => ({ value: event.value }) },
                        },
                        'account.codeSubmitted': [
                          {
                            guard: 'codeValid',
                            target: '#account.details.filling.confirmEmail.confirming',
                            actions: { type: 'startCodeCall', params: { call: 'confirm' } },
                          },
                          { actions: 'showCodeError' },
                        ],
                      },
                    },
                    wrongCode: {
                      description:
                        'The code field says "This code is not correct. Check the e-mail and try again."; typing in it clears the message (the same code is not sent twice: it would only use up a try).',
                      on: {
                        'account.codeChanged': {
                          target: 'entering',
                          actions: { type: 'changeCode', params: ({ event }) => ({ value: event.value }) },
                        },
                      },
                    },
                    codeExpired: {
                      description:
                        'The box says "This code can no longer be used: it has expired or was entered wrongly too often." with Send a new code and Keep my current address; no code field.',
                    },
                  },
                },
                confirming: {
                  description: 'Confirm says "Confirming…" with a spinner while the server checks the code.',
                  tags: 'busy',
                  invoke: {
                    id: 'confirmEmail',
                    src: 'confirmEmail',
                    input: ({ context }) => cleanAccountCode(context.code),
                    onDone: {
                      target: '#account.details.filling.emailConfirmed',
                      actions: [
                        'forgetCode',
                        { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
                      ],
                    },
                    onError: [
                      {
                        guard: { type: 'isWrongCode', params: ({ event }) => ({ error: event.error }) },
                        target: 'asking.wrongCode',
                      },
                      {
                        guard: { type: 'needsNewCode', params: ({ event }) => ({ error: event.error }) },
                        target: 'asking.codeExpired',
                        actions: 'forgetCode',
                      },
                      {
                        guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                        target: '#account.details.filling.editing',
                        actions: ['forgetCode', 'markEmailTaken'],
                      },
                      {
                        target: 'failed',
                        actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
                resending: {
                  description:
                    'Send a new code says "Sending…" with a spinner while the details are saved again with the new address.',
                  tags: 'busy',
                  invoke: {
                    id: 'resendCode',
                    src: 'saveAccount',
                    input: ({ context }) => resendForm(context.account),
                    onDone: [
                      {
                        guard: {
                          type: 'hasPendingEmail',
                          params: ({ event }) => ({ account: event.output }),
                        },
                        target: 'asking',
                        actions: [
                          'forgetCode',
                          { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
                        ],
                      },
                      {
                        target: '#account.details.filling.saved',
                        actions: [
                          'forgetCode',
                          { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
                        ],
                      },
                    ],
                    onError: [
                      {
                        guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                        target: '#account.details.filling.editing',
                        actions: ['forgetCode', 'markEmailTaken'],
                      },
                      {
                        target: 'failed',
                        actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
                cancelling: {
                  description:
                    'Keep my current address says "Cancelling…" with a spinner while the server drops the waiting address.',
                  tags: 'busy',
                  invoke: {
                    id: 'cancelEmailChange',
                    src: 'cancelEmailChange',
                    onDone: {
                      target: '#account.details.filling.editing',
                      actions: [
                        'forgetCode',
                        { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
                      ],
                    },
                    onError: {
                      target: 'failed',
                      actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                failed: {
                  description:
                    'The box shows an error with Try again, which repeats the step that failed (confirm, new code or cancel); the code typed stays.',
                  on: {
                    'account.retried': [
                      {
                        guard: { type: 'lastCallWas', params: { call: 'confirm' } },
                        target: 'confirming',
                        actions: { type: 'startCodeCall', params: { call: 'confirm' } },
                      },
                      {
                        guard: { type: 'lastCallWas', params: { call: 'resend' } },
                        target: 'resending',
                        actions: { type: 'startCodeCall', params: { call: 'resend' } },
                      },
                      {
                        target: 'cancelling',
                        actions: { type: 'startCodeCall', params: { call: 'cancel' } },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        submitting: {
          description:
            'Save says "Saving…" with a spinner while the server saves the details; what was typed stays.',
          tags: 'busy',
          invoke: {
            id: 'saveAccount',
            src: 'saveAccount',
            input: ({ context }) => validAccountForm(context.draft),
            onDone: [
              {
                guard: { type: 'hasPendingEmail', params: ({ event }) => ({ account: event.output }) },
                target: 'filling.confirmEmail',
                actions: [
                  'forgetCode',
                  { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
                ],
              },
              {
                target: 'filling.saved',
                actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) },
              },
            ],
            onError: [
              {
                guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
                target: '#account.notOffered',
              },
              {
                guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                target: 'filling',
                actions: 'markEmailTaken',
              },
              {
                guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'filling',
                actions: 'markRefused',
              },
              {
                target: 'filling.failed',
                actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
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
        confirmEmail: fromPromise<CustomerUser, string>(({ input, signal }) =>
          untilAborted(signal, api.confirmEmail(input, { signal })),
        ),
        cancelEmailChange: fromPromise<CustomerUser, void>(({ signal }) =>
          untilAborted(signal, api.cancelEmailChange({ signal })),
        ),
      },
    }),
    api,
  );
