import { shallowEqual, useSelector } from '@xstate/react';
import { Trash2, UserCheck, UserX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectEditedUser,
  selectIsSwitchingActive,
  selectUserControls,
  selectUserFailure,
  userDisplayName,
} from '../../../../machines/settings';
import { ErrorState } from '../../../components/error-state';
import { Spinner } from '../../../components/spinner';
import { DeleteUserDialog } from './delete-user-dialog';
import { dangerButtonClass, secondaryButtonClass } from './form-classes';
import type { UserEditorRef } from './user-details-form';

/** Deactivate or reactivate, and delete: only what the machine allows for this user (spec point 6). */
export function UserAccessControls({ editor }: { editor: UserEditorRef }) {
  const { t } = useTranslation();
  const user = useSelector(editor, selectEditedUser);
  const controls = useSelector(editor, selectUserControls, shallowEqual);
  const switching = useSelector(editor, selectIsSwitchingActive);
  const failure = useSelector(editor, selectUserFailure);
  const titleId = useId();
  if (!user) return null;
  const statusText = user.isMainUser
    ? t('settings.users.mainUserText')
    : user.isActive
      ? t('settings.users.activeText')
      : t('settings.users.inactiveText');
  return (
    <section aria-labelledby={titleId} className="flex max-w-2xl flex-col gap-3 border-t border-line pt-4">
      <h3 id={titleId} className="font-semibold">
        {t('settings.users.statusTitle')}
      </h3>
      <p className="text-fg-muted">{statusText}</p>
      {failure === 'switch' ? (
        <ErrorState onRetry={() => editor.send({ type: 'userEditor.retried' })} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {controls.deactivate ? (
          <button
            type="button"
            disabled={switching}
            onClick={() => editor.send({ type: 'userEditor.deactivated' })}
            className={secondaryButtonClass}
          >
            {switching ? <Spinner className="size-4" /> : <UserX aria-hidden="true" className="size-4" />}
            {t('settings.users.deactivate')}
          </button>
        ) : null}
        {controls.reactivate ? (
          <button
            type="button"
            disabled={switching}
            onClick={() => editor.send({ type: 'userEditor.reactivated' })}
            className={secondaryButtonClass}
          >
            {switching ? <Spinner className="size-4" /> : <UserCheck aria-hidden="true" className="size-4" />}
            {t('settings.users.reactivate')}
          </button>
        ) : null}
        {controls.delete ? (
          <button
            type="button"
            disabled={switching}
            onClick={() => editor.send({ type: 'userEditor.deleteAsked' })}
            className={dangerButtonClass}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('settings.users.delete')}
          </button>
        ) : null}
      </div>
      <DeleteUserDialog editor={editor} name={userDisplayName(user)} />
    </section>
  );
}
