import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { EMAIL_CHANGE_CODE_MINUTES } from '../../../../domain/account-rules';
import type { accountMachine } from '../../../../machines/account.machine';
import {
  selectAccount,
  selectConfirmationCode,
  selectConfirmationCodeMessage,
  selectEmailConfirmation,
  selectPendingEmail,
} from '../../../../machines/account.selectors';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { ErrorState } from '../../../components/error-state';
import { inputClass, labelClass } from '../../../components/field-classes';
import { Spinner } from '../../../components/spinner';
import { refusalClass, secondaryButtonClass } from '../users/form-classes';
import { SubmitButton } from '../users/submit-button';

type AccountRef = ActorRefFrom<typeof accountMachine>;

/**
 * A new address waits for the code mailed to it: the code field (the numeric keyboard, the code the
 * device offers from the mail), Confirm, Send a new code, and Keep my current address.
 */
export function EmailConfirmation({ account }: { account: AccountRef }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const step = useSelector(account, selectEmailConfirmation);
  const pendingEmail = useSelector(account, selectPendingEmail);
  const currentEmail = useSelector(account, selectAccount)?.email ?? '';
  const code = useSelector(account, selectConfirmationCode);
  const message = useSelector(account, selectConfirmationCodeMessage);
  const id = useId();
  if (step === null) return null;
  const busy = step === 'confirming' || step === 'resending' || step === 'cancelling';
  const messageId = `${id}-message`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    account.send({ type: 'account.codeSubmitted' });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-md border border-line bg-surface-raised p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('settings.account.email.pendingTitle')}
      </h3>
      <p>
        {t('settings.account.email.pendingText', {
          email: isolate(pendingEmail ?? ''),
          current: isolate(currentEmail),
        })}{' '}
        {t('settings.account.email.validFor', { count: EMAIL_CHANGE_CODE_MINUTES })}
      </p>
      {step === 'codeExpired' ? (
        <p role="alert" className={refusalClass}>
          {t('settings.account.email.expired')}
        </p>
      ) : (
        <div>
          <label htmlFor={id} className={labelClass}>
            {t('settings.account.email.code')}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={id}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            required
            value={code}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => account.send({ type: 'account.codeChanged', value: event.target.value })}
            className={`${inputClass} max-w-48 text-center font-mono text-lg tracking-[0.3em]`}
          />
          {message ? (
            <p id={messageId} className="mt-1 text-sm text-danger">
              {t(message.key, message.values)}
            </p>
          ) : null}
        </div>
      )}
      {step === 'failed' ? <ErrorState onRetry={() => account.send({ type: 'account.retried' })} /> : null}
      <div className="flex flex-wrap gap-2">
        {step === 'codeExpired' ? null : (
          <SubmitButton
            busy={step === 'confirming'}
            label={t('settings.account.email.confirm')}
            busyLabel={t('settings.account.email.confirming')}
          />
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => account.send({ type: 'account.codeResent' })}
          className={secondaryButtonClass}
        >
          {step === 'resending' ? <Spinner className="size-4" /> : null}
          {step === 'resending' ? t('settings.account.email.resending') : t('settings.account.email.resend')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => account.send({ type: 'account.changeCancelled' })}
          className={secondaryButtonClass}
        >
          {step === 'cancelling' ? <Spinner className="size-4" /> : null}
          {step === 'cancelling'
            ? t('settings.account.email.cancelling')
            : t('settings.account.email.cancel')}
        </button>
      </div>
    </form>
  );
}
