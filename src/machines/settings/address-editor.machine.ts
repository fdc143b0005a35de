import { assign, enqueueActions, sendTo, setup } from 'xstate';
import {
  type AddressForm,
  type AddressKind,
  addressFormOf,
  emptyAddressForm,
  validateAddressForm,
} from '../../domain/account-forms';
import type { AddressChange } from '../../domain/company-info-edits';
import type { FieldErrors } from '../../domain/form-validation';
import type { BillingAddress, DeliveryAddress } from '../../domain/types';
import { bindDraftKeeper, type DraftKeeperEvent, keepsNothing } from '../kernel/draft-keeper';
import type { Ports } from '../kernel/ports';
import { type AddressDraft, addressDraftSlot } from './address-editor.draft';

/** Why a change did not go through; the view words it. */
export type AddressProblem = 'stale' | 'unknownAddress' | 'forbidden' | 'failed';

export type AddressField = keyof AddressForm;

export interface AddressEditorContext {
  kind: AddressKind;
  /** the address being edited or deleted; null for a new one */
  pk: number | null;
  form: AddressForm;
  fieldErrors: FieldErrors;
  problem: AddressProblem | null;
}

export type AddressEditorEvent =
  | { type: 'addressEditor.createOpened'; kind: AddressKind }
  | { type: 'addressEditor.editOpened'; kind: AddressKind; address: DeliveryAddress | BillingAddress }
  | { type: 'addressEditor.deleteOpened'; kind: AddressKind; address: DeliveryAddress | BillingAddress }
  | { type: 'addressEditor.fieldChanged'; field: AddressField; value: string }
  | { type: 'addressEditor.submitted' }
  | { type: 'addressEditor.confirmed' }
  | { type: 'addressEditor.cancelled' }
  /** from the company info: the change is written */
  | { type: 'addressEditor.saved' }
  /** from the company info: the change was refused (after a reload of the copy where that helps), or failed */
  | { type: 'addressEditor.refused'; problem: AddressProblem }
  /** from the draft keeper on start: the dialog as it was typed before a reload */
  | { type: 'addressEditor.draftRestored'; draft: AddressDraft };

/** What the editor asks of the company info (by its systemId), which builds and sends the whole PUT. */
export type AddressChangeRequest = { type: 'companyInfo.addressChangeRequested'; change: AddressChange };

export const addressEditorMachine = setup({
  types: {
    context: {} as AddressEditorContext,
    events: {} as AddressEditorEvent,
  },
  actors: {
    /** keeps the open dialog's fields across a reload; bound by `bindAddressEditor` */
    draft: keepsNothing<AddressDraft>(),
  },
  guards: {
    formValid: ({ context }) => validateAddressForm(context.kind, context.form).ok,
    /** not a refusal the server explained: the write failed (network, server error) */
    isUnexpected: (_, params: { problem: AddressProblem }) => params.problem === 'failed',
  },
  actions: {
    openNew: assign(({ event }) =>
      event.type === 'addressEditor.createOpened'
        ? { kind: event.kind, pk: null, form: emptyAddressForm(), fieldErrors: {}, problem: null }
        : {},
    ),
    openAddress: assign(({ event }) =>
      event.type === 'addressEditor.editOpened' || event.type === 'addressEditor.deleteOpened'
        ? {
            kind: event.kind,
            pk: event.address.pk,
            form: addressFormOf(event.address),
            fieldErrors: {},
            problem: null,
          }
        : {},
    ),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'addressEditor.fieldChanged') return {};
      const { [event.field]: _, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors };
    }),
    /** the form's rule runs here, never in the view: one message per field */
    showFieldErrors: assign(({ context }) => {
      const result = validateAddressForm(context.kind, context.form);
      return { fieldErrors: result.ok ? {} : result.errors, problem: null };
    }),
    /** the cleaned (trimmed) values are saved and stay on screen */
    acceptForm: assign(({ context }) => {
      const result = validateAddressForm(context.kind, context.form);
      return { form: result.ok ? { ...context.form, ...result.value } : context.form, problem: null };
    }),
    restoreDraft: assign((_, params: { draft: AddressDraft }) => ({
      kind: params.draft.kind,
      pk: params.draft.pk,
      form: params.draft.form,
      fieldErrors: {},
      problem: null,
    })),
    saveDraft: sendTo(
      'draft',
      ({ context }): DraftKeeperEvent<AddressDraft> => ({
        type: 'draft.saved',
        draft: { kind: context.kind, pk: context.pk, form: context.form },
      }),
    ),
    clearDraft: sendTo('draft', { type: 'draft.cleared' } satisfies DraftKeeperEvent<AddressDraft>),
    clearProblem: assign({ problem: null }),
    showProblem: assign(({ event }) =>
      event.type === 'addressEditor.refused' ? { problem: event.problem } : {},
    ),
    /** the company info is reached by its systemId; without one (an editor on its own) nobody is asked */
    requestSave: enqueueActions(({ context, system, enqueue }) => {
      const companyInfo = system.get('companyInfo');
      const request: AddressChangeRequest = {
        type: 'companyInfo.addressChangeRequested',
        change: { op: 'save', kind: context.kind, pk: context.pk, form: context.form },
      };
      if (companyInfo) enqueue.sendTo(companyInfo, request);
    }),
    requestDelete: enqueueActions(({ context, system, enqueue }) => {
      const companyInfo = system.get('companyInfo');
      if (!companyInfo || context.pk === null) return;
      const request: AddressChangeRequest = {
        type: 'companyInfo.addressChangeRequested',
        change: { op: 'delete', kind: context.kind, pk: context.pk },
      };
      enqueue.sendTo(companyInfo, request);
    }),
  },
}).createMachine({
  id: 'addressEditor',
  context: { kind: 'delivery', pk: null, form: emptyAddressForm(), fieldErrors: {}, problem: null },
  invoke: { id: 'draft', src: 'draft' },
  initial: 'closed',
  states: {
    closed: {
      description:
        'No address dialog is open: the Addresses section lists the delivery and billing addresses, and the main user sees Add, Edit and Delete.',
      on: {
        'addressEditor.createOpened': { target: 'form', actions: 'openNew' },
        'addressEditor.editOpened': { target: 'form', actions: 'openAddress' },
        'addressEditor.deleteOpened': { target: 'confirmingDelete', actions: 'openAddress' },
        'addressEditor.draftRestored': {
          target: 'form',
          actions: { type: 'restoreDraft', params: ({ event }) => ({ draft: event.draft }) },
        },
      },
    },
    form: {
      description:
        'The address dialog (new or edit, delivery or billing): a form submission (src/machines/kernel/form-submission.ts) whose call the company info makes, answering with saved or refused.',
      initial: 'filling',
      states: {
        filling: {
          description:
            "The dialog shows the name, address lines, district, city, state, country, postal code and delivery instructions, with Save address and Cancel. What is typed is kept for a reload of the page; a change clears its field's message and a failure.",
          initial: 'editing',
          on: {
            'addressEditor.fieldChanged': { target: '.editing', actions: ['changeField', 'saveDraft'] },
            'addressEditor.cancelled': { target: '#addressEditor.closed', actions: 'clearDraft' },
          },
          states: {
            editing: {
              description:
                'The fields as typed; Save address checks them first. A field left wrong shows its message; a refused save shows why above the fields, with what was typed kept.',
              on: {
                'addressEditor.submitted': [
                  {
                    guard: 'formValid',
                    target: '#addressEditor.form.submitting',
                    actions: ['acceptForm', 'saveDraft', 'requestSave'],
                  },
                  { actions: 'showFieldErrors' },
                ],
              },
            },
            failed: {
              description:
                'The save failed unexpectedly: the dialog says so above the fields, keeps what was typed, and Save address tries again.',
              on: {
                'addressEditor.submitted': {
                  target: '#addressEditor.form.submitting',
                  actions: 'requestSave',
                },
              },
            },
          },
        },
        submitting: {
          description:
            'Save address says "Saving…" while the change is saved; the dialog closes when it is done, or shows why it was refused.',
          tags: 'busy',
          on: {
            'addressEditor.saved': { target: '#addressEditor.closed', actions: 'clearDraft' },
            'addressEditor.refused': [
              {
                guard: { type: 'isUnexpected', params: ({ event }) => ({ problem: event.problem }) },
                target: 'filling.failed',
              },
              { target: 'filling', actions: 'showProblem' },
            ],
          },
        },
      },
    },
    confirmingDelete: {
      description:
        'A dialog asks "Delete address?" naming the address, with Delete and Cancel; after a refused delete it also says why.',
      on: {
        'addressEditor.confirmed': { target: 'deleting', actions: ['clearProblem', 'requestDelete'] },
        'addressEditor.cancelled': 'closed',
      },
    },
    deleting: {
      description:
        'The delete dialog says "Deleting…" while the address is removed; it closes when done, or shows why it was refused.',
      tags: 'busy',
      on: {
        'addressEditor.saved': 'closed',
        'addressEditor.refused': { target: 'confirmingDelete', actions: 'showProblem' },
      },
    },
  },
});

/** The address dialog keeping what is typed in the tab's draft store, until it is saved or cancelled. */
export const bindAddressEditor = (ports: Ports) =>
  addressEditorMachine.provide({
    actors: {
      draft: bindDraftKeeper(ports, addressDraftSlot, 'signedIn', (draft) => ({
        type: 'addressEditor.draftRestored' as const,
        draft,
      })),
    },
  });
