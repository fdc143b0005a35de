import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectIsDeleteDialogOpen,
  selectIsDeletingUser,
  selectUserFailure,
} from '../../../../machines/user-editor.selectors';
import { ErrorState } from '../../../components/error-state';
import { Spinner } from '../../../components/spinner';
import { secondaryButtonClass } from './form-classes';
import type { UserEditorRef } from './user-details-form';

/** "Delete {name} permanently?": the machine opens it, runs the delete and keeps it open on a failure. */
export function DeleteUserDialog({ editor, name }: { editor: UserEditorRef; name: string }) {
  const { t } = useTranslation();
  const open = useSelector(editor, selectIsDeleteDialogOpen);
  const deleting = useSelector(editor, selectIsDeletingUser);
  const failed = useSelector(editor, selectUserFailure) === 'delete';
  const cancel = () =>
    editor.send(failed ? { type: 'userEditor.dismissed' } : { type: 'userEditor.deleteCancelled' });
  return (
    <Dialog open={open} onClose={() => (deleting ? undefined : cancel())} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-lg border border-line bg-surface-raised p-5 shadow-xl">
          <DialogTitle className="text-base font-semibold">{t('settings.users.deleteTitle')}</DialogTitle>
          <Description className="mt-2 text-fg-muted">
            {t('settings.users.deleteMessage', { name })}
          </Description>
          {failed ? (
            <div className="mt-3">
              <ErrorState onRetry={() => editor.send({ type: 'userEditor.retried' })} />
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button type="button" disabled={deleting} onClick={cancel} className={secondaryButtonClass}>
              {t('common.cancel')}
            </button>
            {failed ? null : (
              <button
                type="button"
                disabled={deleting}
                onClick={() => editor.send({ type: 'userEditor.deleteConfirmed' })}
                className="tap-target inline-flex items-center gap-2 rounded-md bg-danger px-4 font-medium text-surface-raised disabled:opacity-60"
              >
                {deleting ? <Spinner className="size-4" /> : null}
                {deleting ? t('settings.users.deleting') : t('settings.users.deleteConfirm')}
              </button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
