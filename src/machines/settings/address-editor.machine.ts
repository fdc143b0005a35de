import { assign, enqueueActions, setup } from 'xstate';
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
  /** from the company info: the change was refused (after a reload of the copy where that helps) */
  | { type: 'addressEditor.refused'; problem: AddressProblem };

/** What the editor asks of the company info (by its systemId), which builds and sends the whole PUT. */
export type AddressChangeRequest = { type: 'companyInfo.addressChangeRequested'; change: AddressChange };

export const addressEditorMachine = setup({
  types: {
    context: {} as AddressEditorContext,
    events: {} as AddressEditorEvent,
  },
  guards: {
    formValid: ({ context }) => validateAddressForm(context.kind, context.form).ok,
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
  initial: 'closed',
  states: {
    closed: {
      description:
        'No address dialog is open: the Addresses section lists the delivery and billing addresses, and the main user sees Add, Edit and Delete.',
      on: {
        'addressEditor.createOpened': { target: 'editing', actions: 'openNew' },
        'addressEditor.editOpened': { target: 'editing', actions: 'openAddress' },
        'addressEditor.deleteOpened': { target: 'confirmingDelete', actions: 'openAddress' },
      },
    },
    /** the dialog form; a refused save comes back here with the typed values and the problem */
    editing: {
      description:
        'The address dialog (new or edit, delivery or billing) shows the name, address lines, district, city, state, country, postal code and delivery instructions, with Save address and Cancel. A field left wrong shows its message; a refused save shows why above the fields, with what was typed kept.',
      on: {
        'addressEditor.fieldChanged': { actions: 'changeField' },
        'addressEditor.submitted': [
          { guard: 'formValid', target: 'saving', actions: ['acceptForm', 'requestSave'] },
          { actions: 'showFieldErrors' },
        ],
        'addressEditor.cancelled': 'closed',
      },
    },
    saving: {
      description:
        'Save address says "Saving…" while the change is saved; the dialog closes when it is done, or shows why it was refused.',
      tags: 'busy',
      on: {
        'addressEditor.saved': 'closed',
        'addressEditor.refused': { target: 'editing', actions: 'showProblem' },
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
