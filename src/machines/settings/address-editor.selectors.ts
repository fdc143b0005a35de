import type { SnapshotFrom } from 'xstate';
import type { AddressForm, AddressKind } from '../../domain/account-forms';
import type { FieldErrors } from '../../domain/form-validation';
import type { AddressProblem, addressEditorMachine } from './address-editor.machine';

export type AddressEditorSnapshot = SnapshotFrom<typeof addressEditorMachine>;

/** The form dialog is open (also while its change is written). */
export const selectIsAddressFormOpen = (s: AddressEditorSnapshot): boolean => s.matches('form');
/** The delete confirmation is open (also while the delete is written). */
export const selectIsAddressDeleteOpen = (s: AddressEditorSnapshot): boolean =>
  s.matches('confirmingDelete') || s.matches('deleting');
export const selectIsAddressWriting = (s: AddressEditorSnapshot): boolean => s.hasTag('busy');
export const selectAddressKind = (s: AddressEditorSnapshot): AddressKind => s.context.kind;
/** A new address (no pk yet) rather than an existing one. */
export const selectIsNewAddress = (s: AddressEditorSnapshot): boolean => s.context.pk === null;
export const selectAddressForm = (s: AddressEditorSnapshot): AddressForm => s.context.form;
/** The address's name, for the delete question. */
export const selectAddressName = (s: AddressEditorSnapshot): string => s.context.form.name;
export const selectAddressFieldErrors = (s: AddressEditorSnapshot): FieldErrors => s.context.fieldErrors;
/** Why the last save or delete did not go through (an unexpected save failure is the state `form.filling.failed`). */
export const selectAddressProblem = (s: AddressEditorSnapshot): AddressProblem | null =>
  s.matches({ form: { filling: 'failed' } }) ? 'failed' : s.context.problem;
