import { useActorRef, useSelector } from '@xstate/react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { bindDeleteAccount, selectIsAccountDeleted } from '../../../../machines/account';
import { noteClass } from '../../../components/forms/form-notices';
import { Section } from '../../../components/section';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { dangerButtonClass } from '../users/form-classes';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Deleting one's own account (spec point 4): a button that opens the confirmation; once the account
 * is gone the session ends and the app shows the login screen.
 */
export function DeleteAccountBlock({
  username,
  confirmWith = 'username',
}: {
  username: string;
  /** what `username` is: the account's username, or the user's name where the backend gives no username */
  confirmWith?: 'username' | 'name';
}) {
  const { t } = useTranslation();
  const machine = useActorRef(useBoundMachine(bindDeleteAccount), {
    ...usePortalInspection(),
    input: { username },
  });
  const deleted = useSelector(machine, selectIsAccountDeleted);
  return (
    <Section title={t('settings.account.delete.title')}>
      <p className="text-fg-muted">{t('settings.account.delete.text')}</p>
      {deleted ? (
        <p role="status" className={noteClass}>
          {t('settings.account.delete.deleted')}
        </p>
      ) : (
        <button
          type="button"
          className={`${dangerButtonClass} self-start`}
          onClick={() => machine.send({ type: 'deleteAccount.opened', username })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('settings.account.delete.open')}
        </button>
      )}
      <DeleteAccountDialog machine={machine} confirmWith={confirmWith} />
    </Section>
  );
}
