import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectClaims } from '../../../../machines/session';
import { labelClass } from '../../../components/field-classes';
import { Section } from '../../../components/section';
import { useSessionRef } from '../../../hooks/use-app-actor';
import { AccountLanguage } from './account-language';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountBlock } from './delete-account-block';

/**
 * The own account on a backend without the account calls (spec point 2: user information, change
 * password, delete account): the name and company the sign-in carries, read only. With no username to
 * hand, the deletion is confirmed by typing the name shown.
 */
export function AccountFromClaims() {
  const { t } = useTranslation();
  const claims = useSelector(useSessionRef(), selectClaims);
  if (!claims) return null;
  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <Section title={t('settings.account.detailsTitle')}>
        <dl className="grid gap-4 desktop:grid-cols-2">
          <div>
            <dt className={labelClass}>{t('settings.account.claims.name')}</dt>
            <dd dir="auto">{claims.name}</dd>
          </div>
          <div>
            <dt className={labelClass}>{t('settings.account.claims.company')}</dt>
            <dd dir="auto">{claims.accountName}</dd>
          </div>
        </dl>
      </Section>
      <AccountLanguage code={claims.language} />
      <ChangePasswordForm />
      <DeleteAccountBlock username={claims.name} confirmWith="name" />
    </div>
  );
}
