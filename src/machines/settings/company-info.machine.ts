import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { type CompanyForm, validateCompanyForm } from '../../domain/account-forms';
import {
  type AddressChange,
  companyFormOf,
  withAddressChange,
  withCompanyForm,
} from '../../domain/company-info-edits';
import type { FieldErrors } from '../../domain/form-validation';
import type { CompanyInfo } from '../../domain/types';
import { bindDraftKeeper, type DraftKeeperEvent, keepsNothing } from '../kernel/draft-keeper';
import type { ReportErrorParams } from '../kernel/error-reporting';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import {
  type AddressEditorEvent,
  type AddressProblem,
  addressEditorMachine,
  bindAddressEditor,
} from './address-editor.machine';
import { companyDraftSlot } from './company-info.draft';

/** The company fields a text input changes (the e-mail list has its own events). */
export type CompanyTextField = 'name' | 'vatNumber' | 'landlineNumber' | 'mobileNumber';

/** Why the last company save did not go through; the view words it ('failed' is the state `edit.filling.failed`). */
export type CompanyProblem = 'stale' | 'forbidden' | 'refused' | 'failed';
/** The refusals the server explains, kept in context while the form shows again. */
type CompanyRefusal = Exclude<CompanyProblem, 'failed'>;

export interface SaveCompanyInfoInput {
  info: CompanyInfo;
}

export interface CompanyInfoContext {
  /** the latest copy from the server; every save is built from it */
  info: CompanyInfo | null;
  /** the company fields as typed (while editing, saving and reloading after a conflict) */
  draft: CompanyForm | null;
  /** the fields typed before a reload, until the section is ready to show them in the edit form */
  keptDraft: CompanyForm | null;
  fieldErrors: FieldErrors;
  problem: CompanyRefusal | null;
  /** why loading failed */
  error: ErrorInfo | null;
  /** the address change being written */
  change: AddressChange | null;
  /** what the address editor is told once the copy is reloaded after a refused change */
  addressProblem: AddressProblem | null;
}

export type CompanyInfoEvent =
  | { type: 'companyInfo.needed' }
  | { type: 'companyInfo.retried' }
  | { type: 'companyInfo.editStarted' }
  | { type: 'companyInfo.fieldChanged'; field: CompanyTextField; value: string }
  | { type: 'companyInfo.emailChanged'; index: number; value: string }
  | { type: 'companyInfo.emailAdded' }
  | { type: 'companyInfo.emailRemoved'; index: number }
  | { type: 'companyInfo.submitted' }
  | { type: 'companyInfo.cancelled' }
  /** from the address editor (by systemId): write one address change as a whole-company-info PUT */
  | { type: 'companyInfo.addressChangeRequested'; change: AddressChange }
  /** from the draft keeper on start: the edit form as typed before a reload */
  | { type: 'companyInfo.draftRestored'; draft: CompanyForm };

const statusOf = (event: { error?: unknown }) => toErrorInfo(event.error).status;
const codeOf = (event: { error?: unknown }) => (event.error as { code?: unknown } | undefined)?.code ?? null;
/** an unexpected failure (network, 5xx, parse) is reported; refusals (4xx) are only shown */
const isRefusal = (status: number | null) => status !== null && status >= 400 && status < 500;

export const companyInfoMachine = setup({
  types: {
    context: {} as CompanyInfoContext,
    events: {} as CompanyInfoEvent,
    children: {} as {
      addressEditor: 'addressEditor';
      draft: 'draft';
      loadCompanyInfo: 'loadCompanyInfo';
      saveCompanyForm: 'saveCompanyInfo';
      reloadForForm: 'loadCompanyInfo';
      writeAddresses: 'saveCompanyInfo';
      reloadForAddresses: 'loadCompanyInfo';
    },
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindCompanyInfo` */
    loadCompanyInfo: notBound<CompanyInfo, void>('companyInfo.loadCompanyInfo'),
    /** bound by `bindCompanyInfo`: the whole company info as one PUT */
    saveCompanyInfo: notBound<CompanyInfo, SaveCompanyInfoInput>('companyInfo.saveCompanyInfo'),
    /** the address dialog; it asks this machine to write its changes */
    addressEditor: addressEditorMachine,
    /** keeps the edit form's fields across a reload; bound by `bindCompanyInfo` */
    draft: keepsNothing<CompanyForm>(),
  },
  guards: {
    hasKeptDraft: ({ context }) => context.keptDraft !== null,
    draftValid: ({ context }) => context.draft !== null && validateCompanyForm(context.draft).ok,
    isStale: ({ event }) =>
      statusOf(event as { error?: unknown }) === 409 ||
      codeOf(event as { error?: unknown }) === 'stale_company_info',
    isForbidden: ({ event }) => statusOf(event as { error?: unknown }) === 403,
    isRefused: ({ event }) => isRefusal(statusOf(event as { error?: unknown })),
  },
  actions: {
    keepInfo: assign((_, params: { info: CompanyInfo }) => ({ info: params.info, error: null })),
    keepLoadError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    startDraft: assign(({ context }) => ({
      draft: context.info ? companyFormOf(context.info) : null,
      fieldErrors: {},
      problem: null,
    })),
    dropDraft: assign({ draft: null, fieldErrors: {}, problem: null }),
    keepRestoredDraft: assign((_, params: { draft: CompanyForm }) => ({ keptDraft: params.draft })),
    /** the edit form opens again with what was typed before the reload */
    resumeDraft: assign(({ context }) => ({
      draft: context.keptDraft,
      keptDraft: null,
      fieldErrors: {},
      problem: null,
    })),
    saveDraft: sendTo(
      'draft',
      ({ context }): DraftKeeperEvent<CompanyForm> =>
        context.draft ? { type: 'draft.saved', draft: context.draft } : { type: 'draft.cleared' },
    ),
    clearDraft: sendTo('draft', { type: 'draft.cleared' } satisfies DraftKeeperEvent<CompanyForm>),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'companyInfo.fieldChanged' || !context.draft) return {};
      const { [event.field]: _, ...fieldErrors } = context.fieldErrors;
      return { draft: { ...context.draft, [event.field]: event.value }, fieldErrors };
    }),
    changeEmail: assign(({ context, event }) => {
      if (event.type !== 'companyInfo.emailChanged' || !context.draft) return {};
      const emailAddresses = context.draft.emailAddresses.map((entry, index) =>
        index === event.index ? event.value : entry,
      );
      const { [`emailAddresses.${event.index}`]: _, ...fieldErrors } = context.fieldErrors;
      return { draft: { ...context.draft, emailAddresses }, fieldErrors };
    }),
    addEmail: assign(({ context }) =>
      context.draft
        ? { draft: { ...context.draft, emailAddresses: [...context.draft.emailAddresses, ''] } }
        : {},
    ),
    /** the entries' messages follow their rows, so they are worked out again on the next save */
    removeEmail: assign(({ context, event }) => {
      if (event.type !== 'companyInfo.emailRemoved' || !context.draft) return {};
      const emailAddresses = context.draft.emailAddresses.filter((_, index) => index !== event.index);
      const fieldErrors = Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([field]) => !field.startsWith('emailAddresses')),
      );
      return { draft: { ...context.draft, emailAddresses }, fieldErrors };
    }),
    /** the form's rule runs here, never in the view: one message per field */
    showFieldErrors: assign(({ context }) => {
      const result = context.draft ? validateCompanyForm(context.draft) : null;
      return { fieldErrors: result && !result.ok ? result.errors : {}, problem: null };
    }),
    /** the cleaned values (trimmed) are what is saved and what stays on screen */
    acceptDraft: assign(({ context }) => {
      const result = context.draft ? validateCompanyForm(context.draft) : null;
      return { draft: result?.ok ? result.value : context.draft, fieldErrors: {}, problem: null };
    }),
    keepSaved: assign((_, params: { info: CompanyInfo }) => ({ info: params.info, draft: null })),
    showProblem: assign((_, params: { problem: CompanyRefusal }) => ({ problem: params.problem })),
    keepChange: assign(({ event }) =>
      event.type === 'companyInfo.addressChangeRequested' ? { change: event.change } : {},
    ),
    keepAddressProblem: assign((_, params: { problem: AddressProblem }) => ({
      addressProblem: params.problem,
    })),
    changeWritten: assign((_, params: { info: CompanyInfo }) => ({
      info: params.info,
      change: null,
      addressProblem: null,
    })),
    dropChange: assign({ change: null, addressProblem: null }),
    /** the reply the address editor gets, by its invoke id */
    tellEditorSaved: enqueueActions(({ enqueue }) =>
      enqueue.sendTo('addressEditor', { type: 'addressEditor.saved' } satisfies AddressEditorEvent),
    ),
    tellEditorRefused: enqueueActions(({ enqueue }, params: { problem: AddressProblem | null }) =>
      enqueue.sendTo('addressEditor', {
        type: 'addressEditor.refused',
        problem: params.problem ?? 'failed',
      } satisfies AddressEditorEvent),
    ),
    /** bound by `provideReporting` (a no-op in the chart) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'companyInfo',
  context: {
    info: null,
    draft: null,
    keptDraft: null,
    fieldErrors: {},
    problem: null,
    error: null,
    change: null,
    addressProblem: null,
  },
  invoke: { id: 'draft', src: 'draft' },
  on: {
    'companyInfo.draftRestored': {
      actions: { type: 'keepRestoredDraft', params: ({ event }) => ({ draft: event.draft }) },
    },
  },
  initial: 'idle',
  states: {
    /** nothing loaded until a section needs it (the provider wraps every settings section) */
    idle: {
      description:
        'Nothing is loaded yet; the company information loads as soon as a settings section that shows it (Company, Addresses) is opened.',
      on: { 'companyInfo.needed': 'loading' },
    },
    loading: {
      description:
        'The Company section says "Loading company information…" and the Addresses section "Loading addresses…" while the company information is fetched.',
      tags: 'busy',
      invoke: {
        id: 'loadCompanyInfo',
        src: 'loadCompanyInfo',
        onDone: {
          target: 'ready',
          actions: { type: 'keepInfo', params: ({ event }) => ({ info: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepLoadError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: {
      description:
        'The Company and Addresses sections show an error with Try again, which fetches the company information again.',
      on: { 'companyInfo.retried': 'loading' },
    },
    ready: {
      description:
        "The Company section shows the company's details and the Addresses section its delivery and billing addresses; the main user may change both.",
      type: 'parallel',
      invoke: { id: 'addressEditor', src: 'addressEditor' },
      states: {
        form: {
          description:
            "The Company section: the company's name, VAT number, phones and e-mail addresses, read or edited.",
          initial: 'viewing',
          states: {
            viewing: {
              description:
                'The Company section shows the name, VAT number, landline and mobile numbers and e-mail addresses ("Not given" where empty). The main user sees Edit company information; others a note that only the main user can change it.',
              // an edit that was under way before a reload goes on where it stopped
              always: { guard: 'hasKeptDraft', target: 'edit', actions: 'resumeDraft' },
              on: { 'companyInfo.editStarted': { target: 'edit', actions: 'startDraft' } },
            },
            saved: {
              description:
                'The Company section shows the details as saved, with the note "Company information saved."; the main user may edit them again.',
              on: { 'companyInfo.editStarted': { target: 'edit', actions: 'startDraft' } },
            },
            edit: {
              description:
                'The edit form (a form submission, src/machines/kernel/form-submission.ts) with the fields, Add e-mail address, Save and Cancel; Cancel drops what was typed.',
              initial: 'filling',
              on: { 'companyInfo.cancelled': { target: 'viewing', actions: ['dropDraft', 'clearDraft'] } },
              states: {
                filling: {
                  description:
                    "The form takes typing, kept for a reload of the page; a change clears its field's message and a failure.",
                  initial: 'editing',
                  on: {
                    'companyInfo.fieldChanged': { target: '.editing', actions: ['changeField', 'saveDraft'] },
                    'companyInfo.emailChanged': { target: '.editing', actions: ['changeEmail', 'saveDraft'] },
                    'companyInfo.emailAdded': { target: '.editing', actions: ['addEmail', 'saveDraft'] },
                    'companyInfo.emailRemoved': { target: '.editing', actions: ['removeEmail', 'saveDraft'] },
                  },
                  states: {
                    editing: {
                      description:
                        'The form as typed; Save checks it first. A field left wrong shows its message under it; a refused save (not allowed, not accepted, or someone else saved meanwhile) says why above the form, and what was typed stays.',
                      on: {
                        'companyInfo.submitted': [
                          {
                            guard: 'draftValid',
                            target: '#companyInfo.ready.form.edit.submitting',
                            actions: 'acceptDraft',
                          },
                          { actions: 'showFieldErrors' },
                        ],
                      },
                    },
                    failed: {
                      description:
                        'The save failed unexpectedly: a message above the form says so, what was typed stays, and Save tries again.',
                      on: { 'companyInfo.submitted': '#companyInfo.ready.form.edit.submitting' },
                    },
                  },
                },
                submitting: {
                  description:
                    'Save says "Saving…" with a spinner, and Save and Cancel are disabled, while the server saves the company information.',
                  tags: 'busy',
                  invoke: {
                    id: 'saveCompanyForm',
                    src: 'saveCompanyInfo',
                    input: ({ context }) => ({
                      info: withCompanyForm(context.info as CompanyInfo, context.draft as CompanyForm),
                    }),
                    onDone: {
                      target: '#companyInfo.ready.form.saved',
                      actions: [
                        { type: 'keepSaved', params: ({ event }) => ({ info: event.output }) },
                        'clearDraft',
                      ],
                    },
                    onError: [
                      // someone saved in between: reload the copy, keep what was typed
                      { guard: 'isStale', target: 'reloading' },
                      {
                        guard: 'isForbidden',
                        target: 'filling',
                        actions: { type: 'showProblem', params: { problem: 'forbidden' } },
                      },
                      {
                        guard: 'isRefused',
                        target: 'filling',
                        actions: { type: 'showProblem', params: { problem: 'refused' } },
                      },
                      {
                        target: 'filling.failed',
                        actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
                /** after a 409: the new copy arrives, the draft stays, the customer checks and saves again */
                reloading: {
                  description:
                    'Someone else saved meanwhile: Save still says "Saving…" while the latest company information is fetched; then the form shows again with what was typed and a message to check it and save again.',
                  tags: 'busy',
                  invoke: {
                    id: 'reloadForForm',
                    src: 'loadCompanyInfo',
                    onDone: {
                      target: 'filling',
                      actions: [
                        { type: 'keepInfo', params: ({ event }) => ({ info: event.output }) },
                        { type: 'showProblem', params: { problem: 'stale' } },
                      ],
                    },
                    onError: {
                      target: 'filling.failed',
                      actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
              },
            },
          },
        },
        /** the address editor's changes, each written as a whole-company-info PUT */
        addresses: {
          description:
            'The Addresses section: delivery and billing addresses side by side; the main user adds, edits and deletes them in a dialog.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The addresses show as saved; no address change is being written.',
              on: { 'companyInfo.addressChangeRequested': { target: 'writing', actions: 'keepChange' } },
            },
            writing: {
              description:
                'The address dialog shows that it is saving (or deleting) while the server writes the change to the company information.',
              tags: 'busy',
              invoke: {
                id: 'writeAddresses',
                src: 'saveCompanyInfo',
                input: ({ context }) => ({
                  info: withAddressChange(context.info as CompanyInfo, context.change as AddressChange),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'changeWritten', params: ({ event }) => ({ info: event.output }) },
                    'tellEditorSaved',
                  ],
                },
                onError: [
                  {
                    guard: 'isStale',
                    target: 'reloading',
                    actions: { type: 'keepAddressProblem', params: { problem: 'stale' } },
                  },
                  {
                    guard: 'isForbidden',
                    target: 'idle',
                    actions: [{ type: 'tellEditorRefused', params: { problem: 'forbidden' } }, 'dropChange'],
                  },
                  // an address the server does not hold (spec point 5) or a body it refuses: reload the list
                  {
                    guard: 'isRefused',
                    target: 'reloading',
                    actions: { type: 'keepAddressProblem', params: { problem: 'unknownAddress' } },
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'tellEditorRefused', params: { problem: 'failed' } },
                      'dropChange',
                      { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    ],
                  },
                ],
              },
            },
            reloading: {
              description:
                'The change was refused because the addresses changed meanwhile or the address no longer exists: the dialog keeps waiting while the addresses are fetched again, then it says why.',
              tags: 'busy',
              invoke: {
                id: 'reloadForAddresses',
                src: 'loadCompanyInfo',
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'keepInfo', params: ({ event }) => ({ info: event.output }) },
                    {
                      type: 'tellEditorRefused',
                      params: ({ context }) => ({ problem: context.addressProblem }),
                    },
                    'dropChange',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'tellEditorRefused', params: { problem: 'failed' } },
                    'dropChange',
                    { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

/** The company info bound to the ports: GET and PUT of the whole company info, failures reported. */
export const bindCompanyInfo = (ports: Ports) => {
  const { api } = ports;
  return provideReporting(
    companyInfoMachine.provide({
      actors: {
        addressEditor: bindAddressEditor(ports),
        draft: bindDraftKeeper(ports, companyDraftSlot, 'signedIn', (draft) => ({
          type: 'companyInfo.draftRestored' as const,
          draft,
        })),
        loadCompanyInfo: fromPromise<CompanyInfo, void>(({ signal }) =>
          untilAborted(signal, api.companyInfo({ signal })),
        ),
        saveCompanyInfo: fromPromise<CompanyInfo, SaveCompanyInfoInput>(({ input, signal }) =>
          untilAborted(signal, api.saveCompanyInfo(input.info, { signal })),
        ),
      },
    }),
    api,
  );
};
