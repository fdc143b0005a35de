import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectAddressName,
  selectAddressProblem,
  selectIsAddressDeleteOpen,
  selectIsAddressWriting,
} from '../../../../machines/settings';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { AddressEditorRef } from './address-editor-ref';

/** "Delete address?" with the reason when the delete was refused (stale copy, unknown address). */
export function DeleteAddressDialog({
  editor,
  isIndividual,
}: {
  editor: AddressEditorRef;
  /** a private person's addresses are their own, not a company's */
  isIndividual: boolean;
}) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const open = useSelector(editor, selectIsAddressDeleteOpen);
  const name = useSelector(editor, selectAddressName);
  const problem = useSelector(editor, selectAddressProblem);
  const writing = useSelector(editor, selectIsAddressWriting);
  return (
    <ConfirmDialog
      open={open}
      title={t('settings.addresses.deleteTitle')}
      message={
        isIndividual
          ? t('settings.person.deleteAddressMessage', { name: isolate(name) })
          : t('settings.addresses.deleteMessage', { name: isolate(name) })
      }
      confirmLabel={t('settings.addresses.delete')}
      cancelLabel={t('common.cancel')}
      busy={writing}
      busyLabel={t('settings.addresses.deleting')}
      onConfirm={() => editor.send({ type: 'addressEditor.confirmed' })}
      onCancel={() => editor.send({ type: 'addressEditor.cancelled' })}
    >
      {problem ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {t(`settings.addresses.problems.${problem}`)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
