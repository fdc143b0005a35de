import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { bindAccount, selectAccount, selectAccountStatus } from '../../../../machines/account';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { useCapability } from '../../../hooks/use-capability';
import { AccountDetailsForm } from './account-details-form';
import { AccountFromClaims } from './account-from-claims';
import { AccountLanguage } from './account-language';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountBlock } from './delete-account-block';

/**
 * The signed-in user's own account (spec points 2 and 3, every user): their details, their language,
 * the password change and the account's deletion, each its own block in this column. Demo users never
 * get here (the settings route shows them the forbidden page).
 */
export function AccountSection() {
  // a backend known to lack the own-account calls: what the sign-in says, and no call is made
  return useCapability('accountEdit') ? <EditableAccount /> : <AccountFromClaims />;
}

function EditableAccount() {
  const { t } = useTranslation();
  const account = useActorRef(useBoundMachine(bindAccount), usePortalInspection());
  const status = useSelector(account, selectAccountStatus);
  const user = useSelector(account, selectAccount);
  if (status === 'notOffered') return <AccountFromClaims />;
  if (status === 'loading') return <LoadingState label={t('settings.account.loading')} />;
  if (status === 'loadFailed')
    return <ErrorState onRetry={() => account.send({ type: 'account.retried' })} />;
  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <AccountDetailsForm account={account} />
      {user ? <AccountLanguage code={user.language} /> : null}
      <ChangePasswordForm />
      {user ? <DeleteAccountBlock username={user.username} /> : null}
    </div>
  );
}
