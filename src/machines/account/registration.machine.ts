import { assign, fromPromise, sendTo, setup } from 'xstate';
import {
  type CustomerType,
  emptyRegistrationForm,
  type RegistrationField,
  type RegistrationForm,
  toRegistrationPayload,
  validateRegistrationForm,
} from '../../domain/auth-forms';
import { type FieldErrors, VALIDATION_KEYS } from '../../domain/form-validation';
import type { RegistrationPayload } from '../../domain/types';
import { isApiError } from '../../services/api';
import { bindDraftKeeper, type DraftKeeperEvent, keepsNothing } from '../kernel/draft-keeper';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { type RegistrationDraft, registrationDraftOf, registrationDraftSlot } from './registration.draft';

export type { RegistrationDraft } from './registration.draft';

/** The fields typed as text (the customer type is chosen, not typed). */
export type RegistrationTextField = Exclude<RegistrationField, 'type'>;

/** The server refused the registration on purpose (a 400 etc.): shown with its reason, not reported. */
export interface RegistrationRefusal {
  /** the body's `code`: username_taken, email_taken, invalid, … */
  code: string | null;
  /** the body's `detail` (or `error`) text, shown when the code is not one the portal words itself */
  detail: string | null;
}

export interface RegistrationContext {
  form: RegistrationForm;
  /** fields the customer has left once: their message follows every change from then on */
  touched: RegistrationField[];
  /** a submit was tried: every field shows its message */
  submitTried: boolean;
  /** the messages on screen, one per field (the domain rules, plus the server's verdict below) */
  errors: FieldErrors;
  /** the server's verdict on a field (username taken), until that field changes */
  serverErrors: FieldErrors;
  refusal: RegistrationRefusal | null;
  /** an unexpected failure (network, 5xx, parse): the generic message and a retry */
  error: ErrorInfo | null;
}

export type RegistrationEvent =
  | { type: 'registration.changed'; field: RegistrationTextField; value: string }
  | { type: 'registration.left'; field: RegistrationField }
  | { type: 'registration.typeChosen'; customerType: CustomerType }
  | { type: 'registration.submitted' }
  | { type: 'registration.retried' }
  /** from the draft keeper on start: what was typed before a reload (never the passwords) */
  | { type: 'registration.draftRestored'; draft: RegistrationDraft };

/** Statuses that are the server's deliberate answer to this form, not a breakdown. */
const refusalStatuses = new Set([400, 403, 404, 409]);
const isRefusal = (error: unknown) => refusalStatuses.has(toErrorInfo(error).status ?? 0);

function refusalOf(error: unknown): RegistrationRefusal {
  return isApiError(error) ? { code: error.code, detail: error.detail } : { code: null, detail: null };
}

/** The messages on screen: the rules' for the fields touched (all after a submit), then the server's. */
function shownErrors(
  form: RegistrationForm,
  touched: readonly RegistrationField[],
  submitTried: boolean,
  serverErrors: FieldErrors,
): FieldErrors {
  const result = validateRegistrationForm(form);
  const ruled = result.ok ? {} : result.errors;
  const shown: FieldErrors = {};
  for (const [field, message] of Object.entries(ruled)) {
    if (submitTried || touched.includes(field as RegistrationField)) shown[field] = message;
  }
  return { ...shown, ...serverErrors };
}

const withField = (touched: RegistrationField[], field: RegistrationField) =>
  touched.includes(field) ? touched : [...touched, field];

const withoutField = (errors: FieldErrors, field: string): FieldErrors => {
  const { [field]: _gone, ...rest } = errors;
  return rest;
};

/** The payload the submit sends: the cleaned form (only reached after the guard said it is valid). */
export const registrationPayloadOf = (form: RegistrationForm): RegistrationPayload => {
  const result = validateRegistrationForm(form);
  return toRegistrationPayload(result.ok ? result.value : form);
};

/**
 * Registration (spec points 2, 3, 4, 5 and 8): the form with a message per field as the customer types,
 * then POST /netb2b/register/. A refusal (username or e-mail taken) goes back to the form with the
 * reason; any other failure keeps the form and offers a retry. Registering ends any session (spec
 * point 4: "no credentials" on register start and success).
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindRegistration` */
    register: notBound<void, RegistrationPayload>('registration.register'),
    /** keeps what is typed across a reload; bound by `bindRegistration` (the tab's sessionStorage) */
    draft: keepsNothing<RegistrationDraft>(),
  },
  guards: {
    formValid: ({ context }) => validateRegistrationForm(context.form).ok,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
  actions: {
    change: assign(({ context }, params: { field: RegistrationTextField; value: string }) => {
      const form = { ...context.form, [params.field]: params.value };
      const serverErrors = withoutField(context.serverErrors, params.field);
      return {
        form,
        serverErrors,
        errors: shownErrors(form, context.touched, context.submitTried, serverErrors),
      };
    }),
    leave: assign(({ context }, params: { field: RegistrationField }) => {
      const touched = withField(context.touched, params.field);
      return {
        touched,
        errors: shownErrors(context.form, touched, context.submitTried, context.serverErrors),
      };
    }),
    /** corporate or individual: what was typed stays, only the rules change */
    chooseType: assign(({ context }, params: { customerType: CustomerType }) => {
      const form = { ...context.form, type: params.customerType };
      return { form, errors: shownErrors(form, context.touched, context.submitTried, context.serverErrors) };
    }),
    showAllErrors: assign(({ context }) => ({
      submitTried: true,
      errors: shownErrors(context.form, context.touched, true, context.serverErrors),
    })),
    startSubmit: assign({ submitTried: true, refusal: null, error: null }),
    keepRefusal: assign(({ context }, params: { error: unknown }) => {
      const refusal = refusalOf(params.error);
      const serverErrors: FieldErrors =
        refusal.code === 'username_taken'
          ? { ...context.serverErrors, username: { key: VALIDATION_KEYS.usernameTaken } }
          : context.serverErrors;
      return {
        refusal,
        serverErrors,
        errors: shownErrors(context.form, context.touched, context.submitTried, serverErrors),
      };
    }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    /** the fields as typed before the reload; the passwords start empty again */
    restoreDraft: assign(({ context }, params: { draft: RegistrationDraft }) => {
      const form = { ...context.form, ...params.draft };
      return { form, errors: shownErrors(form, context.touched, context.submitTried, context.serverErrors) };
    }),
    saveDraft: sendTo(
      'draft',
      ({ context }): DraftKeeperEvent<RegistrationDraft> => ({
        type: 'draft.saved',
        draft: registrationDraftOf(context.form),
      }),
    ),
    clearDraft: sendTo('draft', { type: 'draft.cleared' } satisfies DraftKeeperEvent<RegistrationDraft>),
    /** spec point 4: the session resolves to "no credentials"; a no-op here, bound by `bindRegistration` */
    endSession: () => undefined,
    /** spec point 8: a no-op here, bound by `bindRegistration` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'registration',
  context: {
    form: emptyRegistrationForm,
    touched: [],
    submitTried: false,
    errors: {},
    serverErrors: {},
    refusal: null,
    error: null,
  },
  invoke: { id: 'draft', src: 'draft' },
  initial: 'filling',
  states: {
    filling: {
      description:
        'The Registration page shows the customer type (Company or Private person) and the fields for company name and tax number (for a company), full name, e-mail, phone, username, password and its confirmation, with Create account. Typing or choosing the type clears a failure; every change is kept as a draft.',
      initial: 'editing',
      on: {
        'registration.changed': {
          target: '.editing',
          actions: [
            { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
            'saveDraft',
          ],
        },
        'registration.typeChosen': {
          target: '.editing',
          actions: [
            { type: 'chooseType', params: ({ event }) => ({ customerType: event.customerType }) },
            'saveDraft',
          ],
        },
        'registration.left': {
          actions: { type: 'leave', params: ({ event }) => ({ field: event.field }) },
        },
      },
      states: {
        editing: {
          description:
            'A field shows its message once left or when the form is sent; a refusal (such as an e-mail already registered) shows at the top and under the field.',
          on: {
            'registration.draftRestored': {
              actions: { type: 'restoreDraft', params: ({ event }) => ({ draft: event.draft }) },
            },
            'registration.submitted': [
              { guard: 'formValid', target: '#registration.submitting', actions: 'startSubmit' },
              { actions: 'showAllErrors' },
            ],
          },
        },
        failed: {
          description:
            'The account could not be created: the form stays as typed and shows an error with Try again; Create account also tries again.',
          exit: 'forgetError',
          on: {
            'registration.retried': { target: '#registration.submitting', actions: 'startSubmit' },
            // the form is as valid as when it was sent: submitting again is retrying
            'registration.submitted': { target: '#registration.submitting', actions: 'startSubmit' },
          },
        },
      },
    },
    submitting: {
      description:
        'Create account shows a spinner and "Creating your account…" and the fields are disabled while the server creates the account; anyone signed in in this browser is signed out.',
      tags: 'busy',
      // spec point 4: register start ends any session
      entry: 'endSession',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => registrationPayloadOf(context.form),
        // the account exists: nothing typed is worth keeping any more
        onDone: { target: 'registered', actions: ['clearDraft', 'endSession'] },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'filling',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'filling.failed',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    registered: {
      description:
        'The page says "Account created": the account is ready, with Go to sign-in to sign in with the new username.',
      type: 'final',
    },
  },
});

/** Registration bound to the ports: the call, the session it ends, and unexpected failures reported. */
export const bindRegistration = (ports: Ports) =>
  provideReporting(
    registrationMachine.provide({
      actors: {
        register: fromPromise<void, RegistrationPayload>(({ input, signal }) =>
          untilAborted(signal, ports.api.register(input, { signal })),
        ),
        draft: bindDraftKeeper(ports, registrationDraftSlot, 'anyone', (draft) => ({
          type: 'registration.draftRestored' as const,
          draft,
        })),
      },
      actions: {
        endSession: () => {
          ports.session()?.send({ type: 'session.logout' });
        },
      },
    }),
    ports.api,
  );
