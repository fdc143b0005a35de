import { assign, fromPromise, setup } from 'xstate';
import { PASSWORD_MIN_LENGTH } from '../../domain/account-rules';
import {
  type ChangePasswordField,
  type ChangePasswordForm,
  emptyChangePasswordForm,
  validateChangePasswordForm,
} from '../../domain/auth-forms';
import { type FieldErrors, VALIDATION_KEYS } from '../../domain/form-validation';
import { isApiError } from '../../services/api';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

export interface ChangePasswordContext {
  form: ChangePasswordForm;
  /** a submit was tried: from then on the messages follow the typing */
  submitted: boolean;
  /** the form's own messages (validateChangePasswordForm) */
  errors: FieldErrors;
  /** the server's 400 by field; each goes when its field changes */
  serverErrors: FieldErrors;
  /** why the last change failed otherwise (shown as one sentence; the typed values stay) */
  error: ErrorInfo | null;
}

export type ChangePasswordEvent =
  | { type: 'changePassword.changed'; field: ChangePasswordField; value: string }
  | { type: 'changePassword.submitted' };

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
}

/**
 * The field messages of a 400 (spec point 8: a 400 goes back to the caller): a wrong current password
 * (`wrong_current_password` or `errors.current_password`) and a new password the server's rules refuse
 * (`errors.password`). Empty for anything else.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || error.status !== 400) return {};
  const errors: FieldErrors = {};
  if (error.code === 'wrong_current_password' || error.fieldErrors?.current_password?.length)
    errors.currentPassword = { key: VALIDATION_KEYS.currentPasswordWrong };
  if (error.fieldErrors?.password?.length)
    errors.password = { key: VALIDATION_KEYS.passwordMin, values: { min: PASSWORD_MIN_LENGTH } };
  return errors;
}

/** No answer, a server fault or an unreadable answer: reported (spec point 8); refusals are only shown. */
const isUnexpectedFailure = (error: unknown) => {
  const info = toErrorInfo(error);
  return info.kind !== 'http' || (info.status ?? 500) >= 500;
};

const validationErrors = (form: ChangePasswordForm): FieldErrors => {
  const result = validateChangePasswordForm(form);
  return result.ok ? {} : result.errors;
};

/**
 * The signed-in customer changes their password (Settings, account section): the current one, the new
 * one (at least 6 characters) and its repeat. A change ends the user's other sessions on the server;
 * this one continues. Spec point 8: a 400 comes back to the form as field messages, any other failure
 * is one sentence ("There was an error changing the password. Please try again later.").
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindChangePassword`: POST /change-password/ */
    changePassword: notBound<void, ChangePasswordInput>('changePassword.changePassword'),
  },
  guards: {
    formValid: ({ context }) => validateChangePasswordForm(context.form).ok,
    hasFieldErrors: (_, params: { error: unknown }) =>
      Object.keys(serverFieldErrors(params.error)).length > 0,
    isUnexpected: (_, params: { error: unknown }) => isUnexpectedFailure(params.error),
  },
  actions: {
    change: assign(({ context }, params: { field: ChangePasswordField; value: string }) => {
      const form = { ...context.form, [params.field]: params.value };
      const { [params.field]: _gone, ...serverErrors } = context.serverErrors;
      return { form, serverErrors, errors: context.submitted ? validationErrors(form) : {} };
    }),
    showErrors: assign(({ context }) => ({ submitted: true, errors: validationErrors(context.form) })),
    startSave: assign({ submitted: true, errors: {}, serverErrors: {}, error: null }),
    keepServerErrors: assign((_, params: { error: unknown }) => ({
      serverErrors: serverFieldErrors(params.error),
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    clearForm: assign({
      form: emptyChangePasswordForm,
      submitted: false,
      errors: {},
      serverErrors: {},
      error: null,
    }),
    /** spec point 8: a no-op here, bound by `bindChangePassword` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'changePassword',
  context: {
    form: emptyChangePasswordForm,
    submitted: false,
    errors: {},
    serverErrors: {},
    error: null,
  },
  initial: 'filling',
  states: {
    filling: {
      description:
        'The Change password block shows the current password, the new password ("At least 6 characters.") and its repetition, with Change password. Typing clears a failure and the note of a change.',
      initial: 'editing',
      on: {
        'changePassword.changed': {
          target: '.editing',
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
      states: {
        editing: {
          description:
            'The fields as typed. A field left wrong, or a current password the server refuses, shows its message under the field.',
          on: {
            'changePassword.submitted': [
              { guard: 'formValid', target: '#changePassword.submitting', actions: 'startSave' },
              { actions: 'showErrors' },
            ],
          },
        },
        failed: {
          description:
            'The block says "There was an error changing the password. Please try again later."; the typed values stay, and Change password tries again.',
          exit: 'forgetError',
          on: { 'changePassword.submitted': { target: '#changePassword.submitting', actions: 'startSave' } },
        },
        changed: {
          description:
            'The block says "Your password is changed. You stay signed in here; other devices are signed out." and the fields are empty, until the customer types again.',
          on: { 'changePassword.submitted': { target: 'editing', actions: 'showErrors' } },
        },
      },
    },
    submitting: {
      description:
        'Change password says "Changing the password…" with a spinner while the server changes it.',
      tags: 'busy',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          currentPassword: context.form.currentPassword,
          password: context.form.password,
        }),
        onDone: { target: 'filling.changed', actions: 'clearForm' },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'filling',
            actions: { type: 'keepServerErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
            target: 'filling.failed',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'filling.failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});

/** The password change bound to the ports: the call, and unexpected failures reported. */
export const bindChangePassword = ({ api }: Ports) =>
  provideReporting(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise<void, ChangePasswordInput>(({ input, signal }) =>
          untilAborted(signal, api.changePassword(input.currentPassword, input.password, { signal })),
        ),
      },
    }),
    api,
  );
