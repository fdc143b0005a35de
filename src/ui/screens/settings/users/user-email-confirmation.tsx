import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHANGE_CODE_MINUTES } from '../../../../domain/account-rules';
import {
  selectEditedUser,
  selectUserCode,
  selectUserCodeMessage,
  selectUserEmailConfirmation,
  selectUserPendingEmail,
} from '../../../../machines/user-editor.selectors';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { ErrorState } from '../../../components/error-state';
import { inputClass, labelClass } from '../../../components/field-classes';
import { Spinner } from '../../../components/spinner';
import { refusalClass, secondaryButtonClass } from './form-classes';
import { SubmitButton } from './submit-button';
import type { UserEditorRef } from './user-details-form';

/**
 * A colleague's new address waits for the code mailed to it: the colleague confirms it on their own
 * account screen, or tells the main user, who enters it here. Nothing shows when no address waits
 * (a server that changes addresses at once never says one does).
 */
export function UserEmailConfirmation({ editor }: { editor: UserEditorRef }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const step = useSelector(editor, selectUserEmailConfirmation);
  const pendingEmail = useSelector(editor, selectUserPendingEmail);
  const currentEmail = useSelector(editor, selectEditedUser)?.email ?? '';
  const code = useSelector(editor, selectUserCode);
  const message = useSelector(editor, selectUserCodeMessage);
  const id = useId();
  if (step === null) return null;
  const busy = step === 'confirming' || step === 'resending' || step === 'cancelling';
  const showsCode = step !== 'codeExpired' && step !== 'taken';
  const messageId = `${id}-message`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    editor.send({ type: 'userEditor.codeSubmitted' });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
      className="flex max-w-2xl flex-col gap-3 rounded-md border border-line bg-surface-raised p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('settings.users.email.pendingTitle')}
      </h3>
      <p>
        {t('settings.users.email.pendingText', {
          email: isolate(pendingEmail ?? ''),
          current: isolate(currentEmail),
        })}{' '}
        {t('settings.account.email.validFor', { count: EMAIL_CHANGE_CODE_MINUTES })}
      </p>
      {step === 'codeExpired' ? (
        <p role="alert" className={refusalClass}>
          {t('settings.account.email.expired')}
        </p>
      ) : null}
      {step === 'taken' ? (
        <p role="alert" className={refusalClass}>
          {t('settings.users.email.taken', { email: isolate(pendingEmail ?? '') })}
        </p>
      ) : null}
      {showsCode ? (
        <div>
          <label htmlFor={id} className={labelClass}>
            {t('settings.users.email.code')}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={id}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
            value={code}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => editor.send({ type: 'userEditor.codeChanged', value: event.target.value })}
            className={`${inputClass} max-w-48 text-center font-mono text-lg tracking-[0.3em]`}
          />
          {message ? (
            <p id={messageId} className="mt-1 text-sm text-danger">
              {t(message.key, message.values)}
            </p>
          ) : null}
        </div>
      ) : null}
      {step === 'failed' ? <ErrorState onRetry={() => editor.send({ type: 'userEditor.retried' })} /> : null}
      <div className="flex flex-wrap gap-2">
        {showsCode ? (
          <SubmitButton
            busy={step === 'confirming'}
            label={t('settings.account.email.confirm')}
            busyLabel={t('settings.account.email.confirming')}
          />
        ) : null}
        {step === 'taken' ? null : (
          <button
            type="button"
            disabled={busy}
            onClick={() => editor.send({ type: 'userEditor.codeResent' })}
            className={secondaryButtonClass}
          >
            {step === 'resending' ? <Spinner className="size-4" /> : null}
            {step === 'resending'
              ? t('settings.account.email.resending')
              : t('settings.account.email.resend')}
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => editor.send({ type: 'userEditor.changeCancelled' })}
          className={secondaryButtonClass}
        >
          {step === 'cancelling' ? <Spinner className="size-4" /> : null}
          {step === 'cancelling' ? t('settings.account.email.cancelling') : t('settings.users.email.cancel')}
        </button>
      </div>
    </form>
  );
}
