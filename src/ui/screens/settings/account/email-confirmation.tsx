import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { accountMachine } from '../../../../machines/account';
import {
  selectAccount,
  selectConfirmationCode,
  selectConfirmationCodeMessage,
  selectEmailConfirmation,
  selectPendingEmail,
} from '../../../../machines/account';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { EmailChangeConfirmation } from '../email-change-confirmation';

type AccountRef = ActorRefFrom<typeof accountMachine>;

/**
 * One's own new address waits for the code mailed to it; the device may offer that code from the mail
 * (one-time-code).
 */
export function EmailConfirmation({ account }: { account: AccountRef }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const step = useSelector(account, selectEmailConfirmation);
  const pendingEmail = useSelector(account, selectPendingEmail);
  const currentEmail = useSelector(account, selectAccount)?.email ?? '';
  const code = useSelector(account, selectConfirmationCode);
  const message = useSelector(account, selectConfirmationCodeMessage);
  if (step === null) return null;
  return (
    <EmailChangeConfirmation
      step={step}
      title={t('settings.account.email.pendingTitle')}
      text={t('settings.account.email.pendingText', {
        email: isolate(pendingEmail ?? ''),
        current: isolate(currentEmail),
      })}
      codeLabel={t('settings.account.email.code')}
      codeAutoComplete="one-time-code"
      cancelLabel={t('settings.account.email.cancel')}
      code={code}
      codeMessage={message}
      onCodeChange={(value) => account.send({ type: 'account.codeChanged', value })}
      onSubmit={() => account.send({ type: 'account.codeSubmitted' })}
      onResend={() => account.send({ type: 'account.codeResent' })}
      onCancel={() => account.send({ type: 'account.changeCancelled' })}
      onRetry={() => account.send({ type: 'account.retried' })}
    />
  );
}
