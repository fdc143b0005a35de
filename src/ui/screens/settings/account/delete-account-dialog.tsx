import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DeleteAccountProblem, deleteAccountMachine } from '../../../../machines/account';
import {
  selectCanConfirmAccountDeletion,
  selectDeleteAccountMismatch,
  selectDeleteAccountProblem,
  selectDeleteAccountTyped,
  selectDeleteAccountUsername,
  selectIsDeleteAccountDialogOpen,
  selectIsDeletingAccount,
} from '../../../../machines/account';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { FormRefusal } from '../../../components/forms/form-notices';
import { MachineForm } from '../../../components/forms/machine-form';

export type DeleteAccountRef = ActorRefFrom<typeof deleteAccountMachine>;

const problemKeys = {
  handOverFirst: 'settings.account.delete.handOverFirst',
  demoAccount: 'settings.account.delete.demoAccount',
  failed: 'settings.account.delete.failed',
} as const satisfies Record<DeleteAccountProblem, string>;

/**
 * "Delete your account?": what it means (irreversible, a new registration, the orders remain), the
 * username typed to confirm, and why the last try failed. The delete button works only once the
 * username is typed; Enter in the field confirms too.
 */
export function DeleteAccountDialog({
  machine,
  confirmWith = 'username',
}: {
  machine: DeleteAccountRef;
  /** what is typed to confirm: the username, or the name where the backend gives no username */
  confirmWith?: 'username' | 'name';
}) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const open = useSelector(machine, selectIsDeleteAccountDialogOpen);
  const deleting = useSelector(machine, selectIsDeletingAccount);
  const username = useSelector(machine, selectDeleteAccountUsername);
  const typed = useSelector(machine, selectDeleteAccountTyped);
  const canConfirm = useSelector(machine, selectCanConfirmAccountDeletion);
  const mismatch = useSelector(machine, selectDeleteAccountMismatch);
  const problem = useSelector(machine, selectDeleteAccountProblem);
  const confirm = () => machine.send({ type: 'deleteAccount.confirmed' });
  return (
    <ConfirmDialog
      open={open}
      title={t('settings.account.delete.dialogTitle')}
      message={t('settings.account.delete.message')}
      confirmLabel={t('settings.account.delete.confirm')}
      cancelLabel={t('common.cancel')}
      busy={deleting}
      busyLabel={t('settings.account.delete.deleting')}
      danger
      confirmDisabled={!canConfirm}
      onConfirm={confirm}
      onCancel={() => machine.send({ type: 'deleteAccount.cancelled' })}
    >
      <MachineForm onSubmit={confirm} busy={deleting} className="flex flex-col gap-3">
        <FormField
          label={
            confirmWith === 'name'
              ? t('settings.account.delete.typeName', { name: isolate(username) })
              : t('settings.account.delete.typeUsername', { username: isolate(username) })
          }
          autoComplete="off"
          required
          value={typed}
          message={confirmWith === 'name' ? undefined : mismatch}
          onChange={(value) => machine.send({ type: 'deleteAccount.typed', value })}
        />
        {/* the machine's message names the username; here the name is what was asked for */}
        <FormRefusal>
          {confirmWith === 'name' && mismatch ? t('settings.account.delete.nameMismatch') : null}
        </FormRefusal>
        <FormRefusal>{problem ? t(problemKeys[problem]) : null}</FormRefusal>
      </MachineForm>
    </ConfirmDialog>
  );
}
