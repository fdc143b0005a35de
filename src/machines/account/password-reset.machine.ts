import { assign, fromPromise, setup } from 'xstate';
import { PASSWORD_MIN_LENGTH } from '../../domain/account-rules';
import {
  validateForgotPasswordForm,
  validateNewPasswordForm,
  validateSecurityCodeForm,
} from '../../domain/auth-forms';
import { type FieldErrors, VALIDATION_KEYS } from '../../domain/form-validation';
import { isApiError } from '../../services/api';
import { isMissingCall } from '../../services/api/capabilities';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

/** The three steps of the flow, each with its own route (spec point 2). */
export type PasswordResetStep = 'email' | 'code' | 'password';
export type PasswordResetField = 'email' | 'code' | 'password' | 'repeatPassword';
/** Why the code in hand cannot be used any more: a new one must be requested. */
export type NewCodeReason = 'code_expired' | 'too_many_tries';

export interface PasswordResetContext {
  email: string;
  code: string;
  password: string;
  repeatPassword: string;
  /** a submit of the current step was tried: its messages follow the typing from now on */
  tried: boolean;
  /** the current step's messages, one per field */
  errors: FieldErrors;
  /** the server said the code is not correct (shown on the code field until it changes) */
  codeRejected: boolean;
  /** the neutral "if an account uses this address, we have sent a code" note */
  codeSent: boolean;
  /** a request was throttled (429): how long to wait, when the server said */
  throttle: { seconds: number | null } | null;
}

export type PasswordResetEvent =
  | { type: 'passwordReset.changed'; field: PasswordResetField; value: string }
  | { type: 'passwordReset.submitted' }
  | { type: 'passwordReset.retried' }
  /** "Send a new code": the same address again, a fresh code field */
  | { type: 'passwordReset.resendRequested' }
  /** the URL shows an earlier step (browser Back): go there keeping what was typed */
  | { type: 'passwordReset.returnedTo'; step: PasswordResetStep };

export interface RequestCodeInput {
  email: string;
}
export interface VerifyCodeInput {
  email: string;
  code: string;
}
export interface SetPasswordInput {
  email: string;
  code: string;
  password: string;
}

/** The cleaned address the calls send (trimmed; only reached once the step's guard passed). */
export const cleanEmail = (email: string) => {
  const result = validateForgotPasswordForm({ email });
  return result.ok ? result.value.email : email;
};
/** The code without spaces and with ASCII digits. */
export const cleanCode = (code: string) => {
  const result = validateSecurityCodeForm({ code });
  return result.ok ? result.value.code : code;
};

const errorsOf = (result: { ok: true } | { ok: false; errors: FieldErrors }): FieldErrors =>
  result.ok ? {} : result.errors;

/** The messages of the form a field belongs to. */
function stepErrors(context: PasswordResetContext, step: PasswordResetStep): FieldErrors {
  if (step === 'email') return errorsOf(validateForgotPasswordForm({ email: context.email }));
  if (step === 'code') return errorsOf(validateSecurityCodeForm({ code: context.code }));
  return errorsOf(
    validateNewPasswordForm({ password: context.password, repeatPassword: context.repeatPassword }),
  );
}
const stepOfField = (field: PasswordResetField): PasswordResetStep =>
  field === 'email' ? 'email' : field === 'code' ? 'code' : 'password';

const codeOf = (error: unknown) => (isApiError(error) ? error.code : null);
const statusOf = (error: unknown) => (isApiError(error) ? error.status : null);

/** Answers of verify and confirm (HTTP contract): 400 with one of three codes. */
const isRefusedCode = (error: unknown) => statusOf(error) === 400 && codeOf(error) === 'invalid_code';
/** The code in hand is dead for this reason: only a new code helps. */
const isDeadCode = (error: unknown, reason: NewCodeReason) =>
  statusOf(error) === 400 && codeOf(error) === reason;

const stepReset = {
  tried: false,
  errors: {},
  codeRejected: false,
  throttle: null,
} as const;

/**
 * The password reset (spec points 2 and 4): the e-mail address, then the 6-digit security code sent
 * to it, then the new password twice, then done (sign in with the new password). The server never
 * tells whether an address is known; a code that expired or was tried too often needs a new one.
 * The view keeps the URL in step with the machine's step and reports a browser Back as `returnedTo`.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindPasswordReset` */
    requestCode: notBound<void, RequestCodeInput>('passwordReset.requestCode'),
    verifyCode: notBound<void, VerifyCodeInput>('passwordReset.verifyCode'),
    setPassword: notBound<void, SetPasswordInput>('passwordReset.setPassword'),
  },
  guards: {
    emailValid: ({ context }) => validateForgotPasswordForm({ email: context.email }).ok,
    codeValid: ({ context }) => validateSecurityCodeForm({ code: context.code }).ok,
    passwordValid: ({ context }) =>
      validateNewPasswordForm({ password: context.password, repeatPassword: context.repeatPassword }).ok,
    returnsTo: (_, params: { step: PasswordResetStep; to: PasswordResetStep }) => params.step === params.to,
    isThrottled: (_, params: { error: unknown }) => statusOf(params.error) === 429,
    /** the backend has no password reset at all (a capability it lacks): trying again cannot help */
    isMissingCall: (_, params: { error: unknown }) => isMissingCall(params.error),
    isRefusedCode: (_, params: { error: unknown }) => isRefusedCode(params.error),
    isCodeExpired: (_, params: { error: unknown }) => isDeadCode(params.error, 'code_expired'),
    isCodeTriedTooOften: (_, params: { error: unknown }) => isDeadCode(params.error, 'too_many_tries'),
    isPasswordRefused: (_, params: { error: unknown }) =>
      statusOf(params.error) === 400 && codeOf(params.error) === 'invalid',
  },
  actions: {
    change: assign(({ context }, params: { field: PasswordResetField; value: string }) => {
      const next = { ...context, [params.field]: params.value };
      return {
        [params.field]: params.value,
        errors: context.tried ? stepErrors(next, stepOfField(params.field)) : {},
        codeRejected: params.field === 'code' ? false : context.codeRejected,
      };
    }),
    showErrors: assign(({ context }, params: { step: PasswordResetStep }) => ({
      tried: true,
      errors: stepErrors(context, params.step),
    })),
    startCall: assign({ errors: {}, codeRejected: false, throttle: null }),
    /** a fresh code is on its way (or not, the answer never tells): a fresh code field */
    keepCodeSent: assign({ ...stepReset, code: '', codeSent: true }),
    leaveStep: assign(stepReset),
    keepThrottle: assign((_, params: { error: unknown }) => ({
      throttle: { seconds: isApiError(params.error) ? params.error.retryAfterSeconds : null },
    })),
    markCodeRejected: assign({ ...stepReset, tried: true, codeRejected: true }),
    markPasswordRefused: assign({
      tried: true,
      errors: { password: { key: VALIDATION_KEYS.passwordMin, values: { min: PASSWORD_MIN_LENGTH } } },
    }),
    /** the password is set: nothing secret stays in memory */
    forgetSecrets: assign({ ...stepReset, code: '', password: '', repeatPassword: '', codeSent: false }),
    /** spec point 8: a no-op here, bound by `bindPasswordReset` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'passwordReset',
  context: {
    email: '',
    code: '',
    password: '',
    repeatPassword: '',
    tried: false,
    errors: {},
    codeRejected: false,
    codeSent: false,
    throttle: null,
  },
  initial: 'email',
  states: {
    email: {
      description:
        'The Forgot password page: "Enter the e-mail address of your account and we will send you a security code.", an e-mail field and Send code.',
      initial: 'filling',
      states: {
        filling: {
          description:
            'The e-mail field and Send code; a missing or invalid address shows its message under the field, and after too many requests a note says how long to wait. Typing clears an error.',
          initial: 'editing',
          on: {
            'passwordReset.changed': {
              target: '.editing',
              actions: {
                type: 'change',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
          },
          states: {
            editing: {
              description: 'The address as typed.',
              on: {
                'passwordReset.submitted': [
                  { guard: 'emailValid', target: '#passwordReset.email.submitting', actions: 'startCall' },
                  { actions: { type: 'showErrors', params: { step: 'email' } } },
                ],
              },
            },
            failed: {
              description: 'The code could not be sent: an error with Try again shows above the form.',
              on: {
                'passwordReset.retried': { target: '#passwordReset.email.submitting', actions: 'startCall' },
              },
            },
          },
        },
        submitting: {
          description:
            'Send code says "Sending the code…" with a spinner and is disabled while the server sends the code.',
          tags: 'busy',
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }) => ({ email: cleanEmail(context.email) }),
            onDone: { target: '#passwordReset.code', actions: 'keepCodeSent' },
            onError: [
              {
                guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
                target: '#passwordReset.notOffered',
              },
              {
                guard: { type: 'isThrottled', params: ({ event }) => ({ error: event.error }) },
                target: 'filling',
                actions: { type: 'keepThrottle', params: ({ event }) => ({ error: event.error }) },
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
    code: {
      description:
        'The Security code page: "Enter the 6-digit code we sent to your e-mail address.", with the note that a code was sent if an account uses the address. The browser\'s Back returns to the e-mail step with the address kept.',
      initial: 'filling',
      on: {
        'passwordReset.returnedTo': {
          guard: { type: 'returnsTo', params: ({ event }) => ({ step: event.step, to: 'email' }) },
          target: '#passwordReset.email',
          actions: 'leaveStep',
        },
      },
      states: {
        filling: {
          description:
            'The code field with Continue and Send a new code; a wrong code shows "This code is not correct.", and after too many requests a note says how long to wait. Typing clears an error.',
          initial: 'editing',
          on: {
            'passwordReset.changed': {
              target: '.editing',
              actions: {
                type: 'change',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
          },
          states: {
            editing: {
              description: 'The code as typed.',
              on: {
                'passwordReset.submitted': [
                  { guard: 'codeValid', target: '#passwordReset.code.submitting', actions: 'startCall' },
                  { actions: { type: 'showErrors', params: { step: 'code' } } },
                ],
                'passwordReset.resendRequested': {
                  target: '#passwordReset.code.resending',
                  actions: 'startCall',
                },
              },
            },
            failed: {
              description:
                'The code could not be checked: an error with Try again shows above the code field.',
              on: {
                'passwordReset.retried': { target: '#passwordReset.code.submitting', actions: 'startCall' },
              },
            },
          },
        },
        submitting: {
          description:
            'Continue says "Checking the code…" with a spinner and is disabled while the server checks the code.',
          tags: 'busy',
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ email: cleanEmail(context.email), code: cleanCode(context.code) }),
            onDone: { target: '#passwordReset.password', actions: 'leaveStep' },
            onError: [
              {
                guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
                target: '#passwordReset.notOffered',
              },
              {
                guard: { type: 'isRefusedCode', params: ({ event }) => ({ error: event.error }) },
                target: 'filling',
                actions: 'markCodeRejected',
              },
              {
                guard: { type: 'isCodeExpired', params: ({ event }) => ({ error: event.error }) },
                target: 'needsNewCode.why.expired',
                actions: 'leaveStep',
              },
              {
                guard: { type: 'isCodeTriedTooOften', params: ({ event }) => ({ error: event.error }) },
                target: 'needsNewCode.why.triedTooOften',
                actions: 'leaveStep',
              },
              {
                target: 'filling.failed',
                actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        resending: {
          description: 'Send a new code says "Sending a new code…" while the server sends another code.',
          tags: 'busy',
          invoke: {
            id: 'resendCode',
            src: 'requestCode',
            input: ({ context }) => ({ email: cleanEmail(context.email) }),
            onDone: { target: 'filling', actions: 'keepCodeSent' },
            onError: [
              {
                guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
                target: '#passwordReset.notOffered',
              },
              {
                guard: { type: 'isThrottled', params: ({ event }) => ({ error: event.error }) },
                target: 'filling',
                actions: { type: 'keepThrottle', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'resendFailed',
                actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        resendFailed: {
          description:
            'The code field is hidden and an error with Try again shows, which asks for a new code again.',
          on: { 'passwordReset.retried': { target: 'resending', actions: 'startCall' } },
        },
        needsNewCode: {
          description:
            'The code in hand can no longer be used: the code field is gone, a message says why, and Send a new code asks for another.',
          type: 'parallel',
          states: {
            why: {
              description: 'Why the code in hand is dead; the message says so.',
              initial: 'expired',
              states: {
                expired: { description: '"This code has expired."' },
                triedTooOften: { description: '"This code was entered wrongly too many times."' },
              },
            },
            newCode: {
              description: 'Asking for a new code; until one is on its way the message stays.',
              initial: 'offered',
              states: {
                offered: {
                  description:
                    'Send a new code is offered; after too many requests a note says how long to wait.',
                  on: { 'passwordReset.resendRequested': { target: 'sending', actions: 'startCall' } },
                },
                sending: {
                  description: 'Send a new code is disabled while the server sends another code.',
                  tags: 'busy',
                  invoke: {
                    id: 'resendCode',
                    src: 'requestCode',
                    input: ({ context }) => ({ email: cleanEmail(context.email) }),
                    onDone: { target: '#passwordReset.code.filling', actions: 'keepCodeSent' },
                    onError: [
                      {
                        guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
                        target: '#passwordReset.notOffered',
                      },
                      {
                        guard: { type: 'isThrottled', params: ({ event }) => ({ error: event.error }) },
                        target: 'offered',
                        actions: { type: 'keepThrottle', params: ({ event }) => ({ error: event.error }) },
                      },
                      {
                        target: '#passwordReset.code.resendFailed',
                        actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    password: {
      description:
        'The New password page: "Choose a new password of at least 6 characters and repeat it.", with two password fields and Save the new password. The browser\'s Back returns to the earlier steps.',
      initial: 'filling',
      on: {
        'passwordReset.returnedTo': [
          {
            guard: { type: 'returnsTo', params: ({ event }) => ({ step: event.step, to: 'email' }) },
            target: '#passwordReset.email',
            actions: 'leaveStep',
          },
          {
            guard: { type: 'returnsTo', params: ({ event }) => ({ step: event.step, to: 'code' }) },
            target: '#passwordReset.code',
            actions: 'leaveStep',
          },
        ],
      },
      states: {
        filling: {
          description:
            'The two password fields with Save the new password; a password too short, not repeated the same, or refused by the server shows its message. Typing clears an error.',
          initial: 'editing',
          on: {
            'passwordReset.changed': {
              target: '.editing',
              actions: {
                type: 'change',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
          },
          states: {
            editing: {
              description: 'The two passwords as typed.',
              on: {
                'passwordReset.submitted': [
                  {
                    guard: 'passwordValid',
                    target: '#passwordReset.password.submitting',
                    actions: 'startCall',
                  },
                  { actions: { type: 'showErrors', params: { step: 'password' } } },
                ],
              },
            },
            failed: {
              description: 'The password could not be saved: an error with Try again shows above the fields.',
              on: {
                'passwordReset.retried': {
                  target: '#passwordReset.password.submitting',
                  actions: 'startCall',
                },
              },
            },
          },
        },
        submitting: {
          description:
            'Save the new password says "Saving the new password…" with a spinner while the server sets it; a code found expired or wrong meanwhile takes the customer back to the Security code step.',
          tags: 'busy',
          invoke: {
            id: 'setPassword',
            src: 'setPassword',
            input: ({ context }) => ({
              email: cleanEmail(context.email),
              code: cleanCode(context.code),
              password: context.password,
            }),
            onDone: { target: '#passwordReset.done', actions: 'forgetSecrets' },
            onError: [
              {
                guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
                target: '#passwordReset.notOffered',
              },
              {
                guard: { type: 'isRefusedCode', params: ({ event }) => ({ error: event.error }) },
                target: '#passwordReset.code.filling',
                actions: 'markCodeRejected',
              },
              {
                guard: { type: 'isCodeExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#passwordReset.code.needsNewCode.why.expired',
                actions: 'leaveStep',
              },
              {
                guard: { type: 'isCodeTriedTooOften', params: ({ event }) => ({ error: event.error }) },
                target: '#passwordReset.code.needsNewCode.why.triedTooOften',
                actions: 'leaveStep',
              },
              {
                guard: { type: 'isPasswordRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'filling',
                actions: 'markPasswordRefused',
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
    notOffered: {
      description:
        'The backend has no password reset (a capability it lacks): one sentence says it is not offered here, with the link back to the login screen; nothing is asked of the backend again.',
      type: 'final',
    },
    done: {
      description:
        'The page says "Password changed": the password is changed and every session of the account is ended; Sign in leads to the login screen to sign in with the new password.',
      type: 'final',
    },
  },
});

/** The password reset bound to the ports: the three calls, and unexpected failures reported. */
export const bindPasswordReset = ({ api }: Ports) =>
  provideReporting(
    passwordResetMachine.provide({
      actors: {
        requestCode: fromPromise<void, RequestCodeInput>(({ input, signal }) =>
          untilAborted(signal, api.requestPasswordReset(input.email, { signal })),
        ),
        verifyCode: fromPromise<void, VerifyCodeInput>(({ input, signal }) =>
          untilAborted(signal, api.verifyResetCode(input.email, input.code, { signal })),
        ),
        setPassword: fromPromise<void, SetPasswordInput>(({ input, signal }) =>
          untilAborted(signal, api.resetPassword(input.email, input.code, input.password, { signal })),
        ),
      },
    }),
    api,
  );
