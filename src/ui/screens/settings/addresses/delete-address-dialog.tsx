import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectAddressName,
  selectAddressProblem,
  selectIsAddressDeleteOpen,
  selectIsAddressWriting,
} from '../../../../machines/address-editor.selectors';
import { Spinner } from '../../../components/spinner';
import type { AddressEditorRef } from './address-editor-ref';

/** "Delete address?" with the reason when the delete was refused (stale copy, unknown address). */
export function DeleteAddressDialog({ editor }: { editor: AddressEditorRef }) {
  const { t } = useTranslation();
  const open = useSelector(editor, selectIsAddressDeleteOpen);
  const name = useSelector(editor, selectAddressName);
  const problem = useSelector(editor, selectAddressProblem);
  const writing = useSelector(editor, selectIsAddressWriting);
  const cancel = () => {
    if (!writing) editor.send({ type: 'addressEditor.cancelled' });
  };
  return (
    <Dialog open={open} onClose={cancel} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-lg border border-line bg-surface-raised p-5 shadow-xl">
          <DialogTitle className="text-base font-semibold">{t('settings.addresses.deleteTitle')}</DialogTitle>
          <Description className="mt-2 text-fg-muted">
            {t('settings.addresses.deleteMessage', { name })}
          </Description>
          {problem ? (
            <p role="alert" className="mt-3 rounded-md bg-danger-soft px-3 py-2 text-danger">
              {t(`settings.addresses.problems.${problem}`)}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <button
              type="button"
              onClick={cancel}
              disabled={writing}
              className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken disabled:opacity-60"
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              disabled={writing}
              onClick={() => editor.send({ type: 'addressEditor.confirmed' })}
              className="tap-target inline-flex items-center gap-2 rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
            >
              {writing ? <Spinner className="size-4" /> : null}
              {writing ? t('settings.addresses.deleting') : t('settings.addresses.delete')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
