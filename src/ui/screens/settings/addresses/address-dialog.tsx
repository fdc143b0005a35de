import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AddressField } from '../../../../machines/settings';
import {
  selectAddressFieldErrors,
  selectAddressForm,
  selectAddressKind,
  selectAddressProblem,
  selectIsAddressFormOpen,
  selectIsAddressWriting,
  selectIsNewAddress,
} from '../../../../machines/settings';
import { FormField } from '../../../components/form-field';
import { MachineForm } from '../../../components/forms/machine-form';
import { Spinner } from '../../../components/spinner';
import type { AddressEditorRef } from './address-editor-ref';

const fields: { field: AddressField; autoComplete: string }[] = [
  { field: 'name', autoComplete: 'off' },
  { field: 'line1', autoComplete: 'address-line1' },
  { field: 'line2', autoComplete: 'address-line2' },
  { field: 'suburb', autoComplete: 'address-level3' },
  { field: 'postalCode', autoComplete: 'postal-code' },
  { field: 'city', autoComplete: 'address-level2' },
  { field: 'state', autoComplete: 'address-level1' },
  { field: 'country', autoComplete: 'country-name' },
];

/** Create or edit one address; the machine validates, the company info writes the whole PUT. */
export function AddressDialog({ editor }: { editor: AddressEditorRef }) {
  const { t } = useTranslation();
  const open = useSelector(editor, selectIsAddressFormOpen);
  const kind = useSelector(editor, selectAddressKind);
  const isNew = useSelector(editor, selectIsNewAddress);
  const form = useSelector(editor, selectAddressForm);
  const errors = useSelector(editor, selectAddressFieldErrors);
  const problem = useSelector(editor, selectAddressProblem);
  const writing = useSelector(editor, selectIsAddressWriting);
  const cancel = () => {
    if (!writing) editor.send({ type: 'addressEditor.cancelled' });
  };
  const title =
    kind === 'delivery'
      ? t(isNew ? 'settings.addresses.newDelivery' : 'settings.addresses.editDelivery')
      : t(isNew ? 'settings.addresses.newBilling' : 'settings.addresses.editBilling');
  const change = (field: AddressField) => (value: string) =>
    editor.send({ type: 'addressEditor.fieldChanged', field, value });
  return (
    <Dialog open={open} onClose={cancel} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-end justify-center p-0 desktop:items-center desktop:p-4">
        <DialogPanel className="max-h-dvh w-full max-w-xl overflow-y-auto rounded-t-lg border border-line bg-surface-raised p-5 shadow-xl desktop:rounded-lg">
          <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
          <MachineForm
            onSubmit={() => editor.send({ type: 'addressEditor.submitted' })}
            busy={writing}
            className="mt-4 flex flex-col gap-4"
          >
            {problem ? (
              <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
                {t(`settings.addresses.problems.${problem}`)}
              </p>
            ) : null}
            <div className="grid gap-4 desktop:grid-cols-2">
              {fields.map(({ field, autoComplete }) => (
                <FormField
                  key={field}
                  label={t(`settings.addresses.fields.${field}`)}
                  value={form[field]}
                  message={errors[field]}
                  autoComplete={autoComplete}
                  onChange={change(field)}
                />
              ))}
            </div>
            {kind === 'delivery' ? (
              <FormField
                label={t('settings.addresses.fields.instructions')}
                value={form.instructions}
                message={errors.instructions}
                multiline
                onChange={change('instructions')}
              />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={cancel}
                disabled={writing}
                className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken disabled:opacity-60"
              >
                {t('common.cancel')}
              </button>
              <button
                type="submit"
                disabled={writing}
                className="tap-target inline-flex items-center gap-2 rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
              >
                {writing ? <Spinner className="size-4" /> : null}
                {writing ? t('settings.addresses.saving') : t('settings.addresses.save')}
              </button>
            </div>
          </MachineForm>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
