import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectIsDeleteDialogOpen,
  selectIsDeletingUser,
  selectUserFailure,
} from '../../../../machines/settings';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import type { UserEditorRef } from './user-details-form';

/** "Delete {name} permanently?": the machine opens it, runs the delete and keeps it open on a failure. */
export function DeleteUserDialog({ editor, name }: { editor: UserEditorRef; name: string }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const open = useSelector(editor, selectIsDeleteDialogOpen);
  const deleting = useSelector(editor, selectIsDeletingUser);
  const failed = useSelector(editor, selectUserFailure) === 'delete';
  return (
    <ConfirmDialog
      open={open}
      title={t('settings.users.deleteTitle')}
      message={t('settings.users.deleteMessage', { name: isolate(name) })}
      confirmLabel={t('settings.users.deleteConfirm')}
      cancelLabel={t('common.cancel')}
      busy={deleting}
      busyLabel={t('settings.users.deleting')}
      danger
      // after a failure the error's own Retry repeats the delete
      confirmHidden={failed}
      onConfirm={() => editor.send({ type: 'userEditor.deleteConfirmed' })}
      onCancel={() =>
        editor.send(failed ? { type: 'userEditor.dismissed' } : { type: 'userEditor.deleteCancelled' })
      }
    >
      {failed ? <ErrorState onRetry={() => editor.send({ type: 'userEditor.retried' })} /> : null}
    </ConfirmDialog>
  );
}
