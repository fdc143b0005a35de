import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { missingCredentials } from '../../../domain/login-form';
import { signInPaths as paths } from '../../app/sign-in-paths';
import { inputClass, labelClass } from '../../components/field-classes';
import { Spinner } from '../../components/spinner';
import { useCapability } from '../../hooks/use-capability';
import type { LoginError } from './login-error';
import { LoginErrorBanner } from './login-error-banner';
import { PasswordField } from './password-field';
import { SignInProgress } from './sign-in-progress';

export interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

interface LoginFormProps {
  signingIn: boolean;
  /** the sign-in has taken longer than usual; Cancel is offered */
  slow: boolean;
  /** the wait the customer cancelled (a note says so) */
  cancelled: 'signIn' | 'restore' | null;
  error: LoginError | null;
  /** null while the configuration loads: the link's room is kept, as the centred card would move */
  canRegister: boolean | null;
  onSubmit: (values: LoginValues) => void;
  onCancel: () => void;
  /** check the remembered sign-in again (after a cancelled restore) */
  onRetryRestore: () => void;
}

/**
 * Spec point 5: the login action checks no rules of the server's in the client; the server decides.
 * Only an empty field is caught here: a sign-in without a name or password cannot succeed, and the
 * server's refusal of it would read as an unknown error and be reported.
 */
export function LoginForm({
  signingIn,
  slow,
  cancelled,
  error,
  canRegister,
  onSubmit,
  onCancel,
  onRetryRestore,
}: LoginFormProps) {
  const { t } = useTranslation();
  const usernameId = useId();
  const usernameMessageId = useId();
  // which fields were empty at the last Log in; a field's message goes once something is typed in it
  const [empty, setEmpty] = useState({ username: false, password: false });
  const canResetPassword = useCapability('passwordReset');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    const missing = missingCredentials(username, password);
    setEmpty(missing);
    if (missing.username || missing.password) {
      form.querySelector<HTMLInputElement>(`[name="${missing.username ? 'username' : 'password'}"]`)?.focus();
      return;
    }
    onSubmit({ username, password, remember: data.get('remember') === 'on' });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={signingIn}>
      {error && <LoginErrorBanner error={error} />}
      <div>
        <label htmlFor={usernameId} className={labelClass}>
          {t('login.username')}
        </label>
        <input
          id={usernameId}
          name="username"
          type="text"
          autoComplete="username"
          aria-invalid={empty.username || undefined}
          aria-describedby={empty.username ? usernameMessageId : undefined}
          onInput={() => empty.username && setEmpty({ ...empty, username: false })}
          className={inputClass}
        />
        {empty.username && (
          <p id={usernameMessageId} className="mt-1 text-danger">
            {t('login.usernameRequired')}
          </p>
        )}
      </div>
      <PasswordField
        empty={empty.password}
        onInput={() => empty.password && setEmpty({ ...empty, password: false })}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="tap-target inline-flex items-center gap-2">
          <input type="checkbox" name="remember" className="size-4 accent-brand" />
          {t('login.rememberMe')}
        </label>
        {canResetPassword && (
          <Link
            href={paths.forgotPassword}
            className="tap-target inline-flex items-center text-brand hover:underline"
          >
            {t('login.forgotPassword')}
          </Link>
        )}
      </div>
      <button
        type="submit"
        disabled={signingIn}
        className="tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-70"
      >
        {signingIn && <Spinner className="size-4" />}
        {t('login.submit')}
      </button>
      <SignInProgress
        signingIn={signingIn}
        slow={slow}
        cancelled={cancelled}
        onCancel={onCancel}
        onRetryRestore={onRetryRestore}
      />
      {canRegister === null && <span aria-hidden="true" className="tap-target" />}
      {canRegister && (
        <Link
          href={paths.register}
          className="tap-target inline-flex items-center justify-center text-brand hover:underline"
        >
          {t('login.register')}
        </Link>
      )}
    </form>
  );
}
