import { assign, emit, fromPromise, setup } from 'xstate';
import {
  type UserCreateForm,
  type UserEditForm,
  validateUserCreateForm,
  validateUserEditForm,
} from '../../domain/account-forms';
import { validateSecurityCodeForm } from '../../domain/auth-forms';
import { type FieldMessage, VALIDATION_KEYS } from '../../domain/form-validation';
import type { CustomerUser } from '../../domain/types';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

/** A new user (`/settings/users/new/`) or one user of the company (`/settings/users/{id}/`). */
export type UserEditorInput =
  | { mode: 'create' /** the new user's language until the main user picks another */; language: string }
  | { mode: 'edit'; userId: number /** arrived from the create form: say so */; created?: boolean };

/** What the form holds as typed; the edit form uses the person fields and the language. */
export interface UserDraft {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  landlinePhone: string;
  mobilePhone: string;
  language: string;
  access: 'password' | 'invitation';
  password: string;
}
export type UserDraftField = keyof UserDraft;

/** A field's message: a validation rule's, or the server's "username taken" (409) or "e-mail taken" (400). */
export type UserFieldErrors = Partial<Record<UserDraftField, FieldMessage>>;

/** An expected refusal, shown as a message (never reported). */
export type UserRefusal = 'ownAccount' | 'forbidden' | 'invalid';

/** The last thing that went through, shown as a note until the next change. */
export type UserNote = 'created' | 'saved' | 'deactivated' | 'reactivated' | 'emailConfirmed' | 'emailKept';

export interface UserEditorContext {
  userId: number | null;
  user: CustomerUser | null;
  draft: UserDraft;
  errors: UserFieldErrors;
  refusal: UserRefusal | null;
  note: UserNote | null;
  error: ErrorInfo | null;
  /** the code the colleague received at their new address, as the main user typed it */
  code: string;
  /** the code field's message (not 6 digits) */
  codeMessage: FieldMessage | null;
}

export type UserEditorEvent =
  | { type: 'userEditor.changed'; field: UserDraftField; value: string }
  | { type: 'userEditor.submitted' }
  | { type: 'userEditor.retried' }
  | { type: 'userEditor.dismissed' }
  | { type: 'userEditor.deactivated' }
  | { type: 'userEditor.reactivated' }
  | { type: 'userEditor.deleteAsked' }
  | { type: 'userEditor.deleteCancelled' }
  | { type: 'userEditor.deleteConfirmed' }
  | { type: 'userEditor.codeChanged'; value: string }
  | { type: 'userEditor.codeSubmitted' }
  | { type: 'userEditor.codeResent' }
  | { type: 'userEditor.changeCancelled' };

/**
 * A call of the user's page failed: XState sends this itself. Named here so that `ready` can answer
 * every call's "gone" and "refused" once, as `xstate.error.actor.*`.
 */
type UserCallFailed = {
  type: `xstate.error.actor.${'updateUser' | 'resendCode' | 'keepEmail' | 'confirmUserEmail' | 'setUserActive' | 'deleteUser'}`;
  error: unknown;
};

/** The view navigates: to the new user after a create, back to the list after a delete. */
export type UserEditorEmitted =
  | { type: 'userEditor.created'; userId: number }
  | { type: 'userEditor.deleted'; userId: number };

export interface UpdateUserInput {
  userId: number;
  form: UserEditForm;
}
export interface SetUserActiveInput {
  userId: number;
  active: boolean;
}
export interface ConfirmUserEmailInput {
  userId: number;
  code: string;
}

const emptyDraft = (language: string): UserDraft => ({
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  landlinePhone: '',
  mobilePhone: '',
  language,
  // an initial password lets the new user sign in at once; an invitation waits for its mail
  access: 'password',
  password: '',
});

const draftOf = (user: CustomerUser): UserDraft => ({
  ...emptyDraft(user.language),
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  landlinePhone: user.landlinePhone,
  mobilePhone: user.mobilePhone,
});

const editFormOf = (draft: UserDraft): UserEditForm => ({
  email: draft.email,
  firstName: draft.firstName,
  lastName: draft.lastName,
  landlinePhone: draft.landlinePhone,
  mobilePhone: draft.mobilePhone,
  language: draft.language,
});

/** The create form as the rules see it: the password only counts when it is the chosen access. */
const createFormOf = (draft: UserDraft): UserCreateForm =>
  draft.access === 'password'
    ? { ...editFormOf(draft), username: draft.username, access: 'password', password: draft.password }
    : { ...editFormOf(draft), username: draft.username, access: 'invitation' };

/** The cleaned forms the calls send (only reached after the guard said the form is valid). */
export const validCreateForm = (draft: UserDraft): UserCreateForm => {
  const result = validateUserCreateForm(createFormOf(draft));
  return result.ok ? result.value : createFormOf(draft);
};
export const validEditForm = (draft: UserDraft): UserEditForm => {
  const result = validateUserEditForm(editFormOf(draft));
  return result.ok ? result.value : editFormOf(draft);
};

/** The code without spaces and with ASCII digits (the server accepts it typed either way). */
export const cleanUserCode = (code: string) => {
  const result = validateSecurityCodeForm({ code });
  return result.ok ? result.value.code : code;
};

/** "Send a new code" saves the user again with the waiting address; the rest as last saved. */
export const resendUserForm = (user: CustomerUser | null): UserEditForm =>
  editFormOf(user ? { ...draftOf(user), email: user.pendingEmail ?? user.email } : emptyDraft(''));

const freshCode = { code: '', codeMessage: null };

/** The context either page starts with. */
export const userEditorContextOf = (input: UserEditorInput): UserEditorContext => ({
  userId: input.mode === 'edit' ? input.userId : null,
  user: null,
  draft: emptyDraft(input.mode === 'create' ? input.language : ''),
  errors: {},
  refusal: null,
  note: input.mode === 'edit' && input.created ? 'created' : null,
  error: null,
  ...freshCode,
});

/**
 * Spec point 6: a main user cannot deactivate or delete themselves. Only a main user manages users,
 * so a main user's page is their own (or another main user's, which the portal leaves alone too).
 */
export const mayDelete = (user: CustomerUser | null): boolean => !!user && !user.isMainUser;
export const mayDeactivate = (user: CustomerUser | null): boolean => mayDelete(user) && !!user?.isActive;
export const mayReactivate = (user: CustomerUser | null): boolean => mayDelete(user) && !user?.isActive;

const statusOf = (error: unknown) => toErrorInfo(error).status;
const codeOf = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : null;

const refusalOf = (error: unknown): UserRefusal =>
  codeOf(error) === 'own_account' ? 'ownAccount' : statusOf(error) === 403 ? 'forbidden' : 'invalid';
const refusalCode = (error: unknown) => (statusOf(error) === 400 ? codeOf(error) : null);
/** 400, 403, 409: the server refused on purpose; shown, not reported */
const isRefusal = (error: unknown) => [400, 403, 409].includes(statusOf(error) ?? 0);

/**
 * The user calls, rules and context shared by the two charts of user management: the New user page
 * (`newUserMachine`, new-user.machine.ts) and one user's page (`userEditorMachine`, below).
 */
export const userEditorSetup = setup({
  types: {
    context: {} as UserEditorContext,
    events: {} as UserEditorEvent | UserCallFailed,
    emitted: {} as UserEditorEmitted,
    input: {} as UserEditorInput,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindUserEditor` */
    /** the user of the page (a user's page only: the New user page loads nothing) */
    loadUser: notBound<CustomerUser, number>('userEditor.loadUser'),
    createUser: notBound<CustomerUser, UserCreateForm>('userEditor.createUser'),
    updateUser: notBound<CustomerUser, UpdateUserInput>('userEditor.updateUser'),
    setUserActive: notBound<CustomerUser, SetUserActiveInput>('userEditor.setUserActive'),
    deleteUser: notBound<void, number>('userEditor.deleteUser'),
    confirmUserEmail: notBound<CustomerUser, ConfirmUserEmailInput>('userEditor.confirmUserEmail'),
    /** withdraws the waiting address (saving the user again with the current one leaves it waiting) */
    cancelUserEmailChange: notBound<CustomerUser, number>('userEditor.cancelUserEmailChange'),
  },
  guards: {
    createFormValid: ({ context }) => validateUserCreateForm(createFormOf(context.draft)).ok,
    editFormValid: ({ context }) => validateUserEditForm(editFormOf(context.draft)).ok,
    /** spec point 6: a main user cannot deactivate or delete themselves (nor another main user) */
    canDeactivate: ({ context }) => mayDeactivate(context.user),
    canReactivate: ({ context }) => mayReactivate(context.user),
    canDelete: ({ context }) => mayDelete(context.user),
    isNotFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    /** the backend has no user management beyond the list (a capability it lacks) */
    isMissingCall: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
    isUsernameTaken: (_, params: { error: unknown }) =>
      statusOf(params.error) === 409 && codeOf(params.error) === 'username_taken',
    isEmailTaken: (_, params: { error: unknown }) => refusalCode(params.error) === 'email_taken',
    isWrongCode: (_, params: { error: unknown }) => refusalCode(params.error) === 'invalid_code',
    /** expired, tried too often, or no longer waiting: only a new code helps */
    needsNewCode: (_, params: { error: unknown }) =>
      ['code_expired', 'too_many_tries', 'no_pending_email'].includes(String(refusalCode(params.error))),
    /** the user's new address waits for its code (never, with a server that changes it at once) */
    hasPendingEmail: ({ context }) => Boolean(context.user?.pendingEmail),
    codeValid: ({ context }) => validateSecurityCodeForm({ code: context.code }).ok,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
    /** neither gone (404) nor refused on purpose: news to an operator, shown with Try again */
    isUnexpected: (_, params: { error: unknown }) =>
      statusOf(params.error) !== 404 && !isRefusal(params.error),
  },
  actions: {
    change: assign(({ context }, params: { field: UserDraftField; value: string }) => {
      const { [params.field]: _gone, ...errors } = context.errors;
      return {
        draft: { ...context.draft, [params.field]: params.value },
        errors,
        note: null,
        refusal: null,
      };
    }),
    showCreateErrors: assign(({ context }) => {
      const result = validateUserCreateForm(createFormOf(context.draft));
      return { errors: result.ok ? {} : (result.errors as UserFieldErrors), note: null, refusal: null };
    }),
    showEditErrors: assign(({ context }) => {
      const result = validateUserEditForm(editFormOf(context.draft));
      return { errors: result.ok ? {} : (result.errors as UserFieldErrors), note: null, refusal: null };
    }),
    startCall: assign({ errors: {}, note: null, refusal: null, error: null }),
    markUsernameTaken: assign(({ context }) => ({
      errors: { ...context.errors, username: { key: VALIDATION_KEYS.usernameTaken } },
    })),
    markEmailTaken: assign(({ context }) => ({
      errors: { ...context.errors, email: { key: VALIDATION_KEYS.emailTaken } },
    })),
    changeCode: assign((_, params: { value: string }) => ({ code: params.value, codeMessage: null })),
    showCodeError: assign(({ context }) => {
      const result = validateSecurityCodeForm({ code: context.code });
      return { codeMessage: result.ok ? null : (result.errors.code ?? null) };
    }),
    startCodeCall: assign({ error: null, codeMessage: null, note: null, refusal: null }),
    forgetCode: assign(freshCode),
    /** leaving the waiting address: nothing of it is kept for the next one */
    forgetConfirmation: assign(freshCode),
    keepUser: assign((_, params: { user: CustomerUser; note: UserNote | null }) => ({
      user: params.user,
      userId: params.user.id,
      draft: draftOf(params.user),
      note: params.note,
      error: null,
    })),
    /** the waiting address withdrawn: the user as answered; details typed meanwhile stay in the form */
    keepWithdrawn: assign((_, params: { user: CustomerUser }) => ({
      user: params.user,
      note: 'emailKept' as UserNote,
      error: null,
    })),
    keepRefusal: assign((_, params: { error: unknown }) => ({ refusal: refusalOf(params.error) })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    announceCreated: emit((_, params: { userId: number }) => ({
      type: 'userEditor.created' as const,
      userId: params.userId,
    })),
    announceDeleted: emit(({ context }) => ({
      type: 'userEditor.deleted' as const,
      userId: context.userId ?? 0,
    })),
    /** spec point 8: a no-op here, bound by `bindUserEditor` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
});

/** One user of the company (`/settings/users/{id}/`): load, edit, confirm a new address, switch access, delete. */
export const userEditorMachine = userEditorSetup.createMachine({
  id: 'userEditor',
  context: ({ input }) => userEditorContextOf(input),
  initial: 'loading',
  states: {
    loading: {
      description: 'The page says "Loading user…" while the user is fetched.',
      tags: 'busy',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => context.userId ?? 0,
        onDone: {
          target: 'ready',
          actions: {
            type: 'keepUser',
            params: ({ event, context }) => ({ user: event.output, note: context.note }),
          },
        },
        onError: [
          {
            guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
            target: 'notOffered',
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    loadFailed: {
      description: 'The page shows Back to users and an error with Try again, which fetches the user again.',
      on: { 'userEditor.retried': 'loading' },
    },
    notOffered: {
      description:
        'The backend has no user management beyond the list (a capability it lacks): the page says it is not offered here, with Back to users; nothing more is asked of the backend.',
    },
    notFound: {
      description:
        'The page says "User not found": the user does not exist or no longer belongs to the company; a Back to users link stays.',
    },
    ready: {
      description:
        "The user's page shows the name with Active/Inactive and Main user badges, Back to users, the details form with Save changes, and the Access part with Deactivate or Reactivate and Delete user (not for the main user or oneself). Every call of the page ends the same way when the server answers that the user is gone (User not found) or refuses it on purpose (the reason shows above the form, not reported).",
      initial: 'editing',
      on: {
        'xstate.error.actor.*': [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: '#userEditor.notFound',
            actions: 'forgetConfirmation',
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: '#userEditor.ready.editing.idle',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      states: {
        editing: {
          description:
            "The details form takes what is typed, also while a save or a step of a waiting address runs; a change clears its field's message, the note and the refusal.",
          initial: 'idle',
          on: {
            'userEditor.changed': {
              actions: {
                type: 'change',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
          },
          states: {
            idle: {
              description:
                'No call runs: the details can be saved and the access buttons used, whether or not a new address waits for its code. Saving, switching or opening the delete dialog closes the waiting box and forgets the code typed in it; the box opens again, empty, while the address still waits.',
              initial: 'nothingWaiting',
              on: {
                'userEditor.submitted': [
                  { guard: 'editFormValid', target: 'saving', actions: ['forgetConfirmation', 'startCall'] },
                  { actions: 'showEditErrors' },
                ],
                'userEditor.deactivated': {
                  guard: 'canDeactivate',
                  target: '#userEditor.ready.switchingActive',
                  actions: ['forgetConfirmation', 'startCall'],
                },
                'userEditor.reactivated': {
                  guard: 'canReactivate',
                  target: '#userEditor.ready.switchingActive',
                  actions: ['forgetConfirmation', 'startCall'],
                },
                'userEditor.deleteAsked': {
                  guard: 'canDelete',
                  target: '#userEditor.ready.confirmingDelete',
                  actions: ['forgetConfirmation', 'startCall'],
                },
              },
              states: {
                nothingWaiting: {
                  description:
                    'After a save or switch a note says so ("Changes saved.", "The user is deactivated…", "The user is active again…", "The new e-mail address is confirmed."), a refusal shows why, and an address another account has is the e-mail field\'s message. A user whose new address waits for its code shows the waiting box instead.',
                  always: { guard: 'hasPendingEmail', target: 'confirmEmail' },
                },
                confirmEmail: {
                  description:
                    'Below the details a box says "Waiting for confirmation: <new address>" (the e-mail field keeps the current one; the colleague confirms from their own account screen, or the main user enters the code they received), with the code field, Confirm, Send a new code and Keep the current address. Saving the details leaves the new address waiting, only Keep the current address withdraws it.',
                  initial: 'entering',
                  on: {
                    'userEditor.codeResent': {
                      target: '#userEditor.ready.editing.resendingCode',
                      actions: 'startCodeCall',
                    },
                    'userEditor.changeCancelled': {
                      target: '#userEditor.ready.editing.cancellingChange',
                      actions: 'startCodeCall',
                    },
                  },
                  states: {
                    entering: {
                      description:
                        'The code field and its buttons; a code that is not 6 digits shows "The security code is 6 digits." under it.',
                      on: {
                        'userEditor.codeChanged': {
                          actions: { type: 'changeCode', params: ({ event }) => ({ value: event.value }) },
                        },
                        'userEditor.codeSubmitted': [
                          {
                            guard: 'codeValid',
                            target: '#userEditor.ready.editing.confirmingCode',
                            actions: 'startCodeCall',
                          },
                          { actions: 'showCodeError' },
                        ],
                      },
                    },
                    wrongCode: {
                      description:
                        'The code field says the code is not correct (ask the colleague for the code of the latest mail); typing in it clears the message, so the same wrong code is not sent again.',
                      on: {
                        'userEditor.codeChanged': {
                          target: 'entering',
                          actions: { type: 'changeCode', params: ({ event }) => ({ value: event.value }) },
                        },
                      },
                    },
                    codeExpired: {
                      description:
                        'The box says "This code can no longer be used: it has expired or was entered wrongly too often." with Send a new code and Keep the current address; no code field.',
                    },
                    taken: {
                      description:
                        'The box says the new address now belongs to another account: enter another address in the e-mail field and save, or keep the current address.',
                    },
                  },
                },
                codeStepFailed: {
                  description:
                    'A step of the box failed unexpectedly: an error with Try again, which repeats that step; the code typed stays.',
                  // entered only at the step that failed
                  initial: 'confirm',
                  states: {
                    confirm: {
                      description: 'Confirming the code failed.',
                      on: {
                        'userEditor.retried': {
                          target: '#userEditor.ready.editing.confirmingCode',
                          actions: 'startCodeCall',
                        },
                      },
                    },
                    resend: {
                      description: 'Sending a new code failed.',
                      on: {
                        'userEditor.retried': {
                          target: '#userEditor.ready.editing.resendingCode',
                          actions: 'startCodeCall',
                        },
                      },
                    },
                    keepAddress: {
                      description: 'Keeping the current address failed.',
                      on: {
                        'userEditor.retried': {
                          target: '#userEditor.ready.editing.cancellingChange',
                          actions: 'startCodeCall',
                        },
                      },
                    },
                  },
                },
              },
            },
            confirmingCode: {
              description:
                'In the waiting box Confirm says "Confirming…" with a spinner while the server checks the code.',
              tags: 'busy',
              invoke: {
                id: 'confirmUserEmail',
                src: 'confirmUserEmail',
                input: ({ context }) => ({ userId: context.userId ?? 0, code: cleanUserCode(context.code) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    'forgetConfirmation',
                    {
                      type: 'keepUser',
                      params: ({ event }) => ({ user: event.output, note: 'emailConfirmed' }),
                    },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isWrongCode', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle.confirmEmail.wrongCode',
                  },
                  {
                    guard: { type: 'needsNewCode', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle.confirmEmail.codeExpired',
                    actions: 'forgetCode',
                  },
                  {
                    guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle.confirmEmail.taken',
                    actions: 'forgetCode',
                  },
                  {
                    guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle.codeStepFailed.confirm',
                    actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            resendingCode: {
              description:
                'In the waiting box Send a new code says "Sending a new code…" with a spinner while the user is saved again with the waiting address.',
              tags: 'busy',
              invoke: {
                id: 'resendCode',
                src: 'updateUser',
                input: ({ context }) => ({ userId: context.userId ?? 0, form: resendUserForm(context.user) }),
                onDone: {
                  // still waiting: the box opens again for the fresh code; else saved at once
                  target: 'idle',
                  actions: [
                    'forgetConfirmation',
                    { type: 'keepUser', params: ({ event }) => ({ user: event.output, note: null }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle.confirmEmail.taken',
                    actions: 'forgetCode',
                  },
                  {
                    guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle.codeStepFailed.resend',
                    actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            cancellingChange: {
              description:
                'In the waiting box Keep the current address says "Cancelling…" with a spinner while the server withdraws the waiting address; the details as typed stay.',
              tags: 'busy',
              invoke: {
                id: 'keepEmail',
                src: 'cancelUserEmailChange',
                input: ({ context }) => context.userId ?? 0,
                onDone: {
                  target: 'idle',
                  actions: [
                    'forgetConfirmation',
                    { type: 'keepWithdrawn', params: ({ event }) => ({ user: event.output }) },
                  ],
                },
                onError: {
                  guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
                  target: 'idle.codeStepFailed.keepAddress',
                  actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            saving: {
              description:
                'Save changes says "Saving…" with a spinner while the server saves the details; the fields stay editable.',
              tags: 'busy',
              invoke: {
                id: 'updateUser',
                src: 'updateUser',
                input: ({ context }) => ({ userId: context.userId ?? 0, form: validEditForm(context.draft) }),
                onDone: {
                  target: 'idle',
                  actions: {
                    type: 'keepUser',
                    params: ({ event }) => ({ user: event.output, note: 'saved' }),
                  },
                },
                onError: [
                  {
                    guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle',
                    actions: 'markEmailTaken',
                  },
                  {
                    guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
                    target: '#userEditor.ready.failed.save',
                    actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
        switchingActive: {
          description:
            'Deactivate (or Reactivate) is disabled while the server changes whether the user can sign in.',
          tags: 'busy',
          invoke: {
            id: 'setUserActive',
            src: 'setUserActive',
            input: ({ context }) => ({ userId: context.userId ?? 0, active: !context.user?.isActive }),
            onDone: {
              target: 'editing',
              actions: {
                type: 'keepUser',
                params: ({ event }) => ({
                  user: event.output,
                  note: event.output.isActive ? 'reactivated' : 'deactivated',
                }),
              },
            },
            onError: {
              guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
              target: 'failed.switchActive',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirmingDelete: {
          description:
            'A dialog asks "Delete user?" (deleted permanently, cannot be undone), with Delete permanently and Cancel.',
          on: {
            'userEditor.deleteConfirmed': 'deleting',
            'userEditor.deleteCancelled': 'editing',
          },
        },
        deleting: {
          description: 'The delete dialog says "Deleting…" while the server deletes the user.',
          tags: 'busy',
          invoke: {
            id: 'deleteUser',
            src: 'deleteUser',
            input: ({ context }) => context.userId ?? 0,
            onDone: { target: '#userEditor.deleted', actions: 'announceDeleted' },
            onError: {
              guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
              target: 'failed.delete',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description:
            'A call of the page failed unexpectedly: an error with Try again shows where it was asked; dismissing it returns to the page.',
          // entered only at the call that failed
          initial: 'save',
          on: { 'userEditor.dismissed': 'editing' },
          states: {
            save: {
              description:
                'Under the details form an error shows with Try again; changing a field clears it.',
              on: {
                'userEditor.retried': { target: '#userEditor.ready.editing.saving', actions: 'startCall' },
                'userEditor.changed': {
                  target: '#userEditor.ready.editing',
                  actions: {
                    type: 'change',
                    params: ({ event }) => ({ field: event.field, value: event.value }),
                  },
                },
              },
            },
            switchActive: {
              description:
                'In the Access part an error shows with Try again, which repeats the deactivation or reactivation.',
              on: {
                'userEditor.retried': { target: '#userEditor.ready.switchingActive', actions: 'startCall' },
              },
            },
            delete: {
              description:
                'The delete dialog stays open with an error and Try again, which repeats the delete; Cancel closes it.',
              on: { 'userEditor.retried': { target: '#userEditor.ready.deleting', actions: 'startCall' } },
            },
          },
        },
      },
    },
    deleted: {
      description: 'The user is deleted: the page goes back to the users list, where they no longer appear.',
      type: 'final',
    },
  },
});

/** The user editor bound to the ports: the user calls, and unexpected failures reported. */
export const bindUserEditor = ({ api }: Ports) =>
  provideReporting(
    userEditorMachine.provide({
      actors: {
        loadUser: fromPromise<CustomerUser, number>(({ input, signal }) =>
          untilAborted(signal, api.user(input, { signal })),
        ),
        createUser: fromPromise<CustomerUser, UserCreateForm>(({ input, signal }) =>
          untilAborted(signal, api.createUser(input, { signal })),
        ),
        updateUser: fromPromise<CustomerUser, UpdateUserInput>(({ input, signal }) =>
          untilAborted(signal, api.updateUser(input.userId, input.form, { signal })),
        ),
        setUserActive: fromPromise<CustomerUser, SetUserActiveInput>(({ input, signal }) =>
          untilAborted(signal, api.setUserActive(input.userId, input.active, { signal })),
        ),
        deleteUser: fromPromise<void, number>(({ input, signal }) =>
          untilAborted(signal, api.deleteUser(input, { signal })),
        ),
        confirmUserEmail: fromPromise<CustomerUser, ConfirmUserEmailInput>(({ input, signal }) =>
          untilAborted(signal, api.confirmUserEmail(input.userId, input.code, { signal })),
        ),
        cancelUserEmailChange: fromPromise<CustomerUser, number>(({ input, signal }) =>
          untilAborted(signal, api.cancelUserEmailChange(input, { signal })),
        ),
      },
    }),
    api,
  );
