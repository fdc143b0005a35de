import { useSelector } from '@xstate/react';
import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectStaffCanSubmit,
  selectStaffIsSigningIn,
  selectStaffPassword,
  selectStaffSignInProblem,
  selectStaffUsername,
  selectStaffWaitMinutes,
} from '../../../machines/staff';
import { inputClass, labelClass } from '../../components/field-classes';
import { RetryButton } from '../../components/retry-button';
import { Spinner } from '../../components/spinner';
import { useStaffArea } from './staff-context';

/** The staff sign-in: a name and a password; each failure is one sentence above the form. */
export function StaffSignIn() {
  const { t } = useTranslation();
  const { session } = useStaffArea();
  const username = useSelector(session, selectStaffUsername);
  const password = useSelector(session, selectStaffPassword);
  const canSubmit = useSelector(session, selectStaffCanSubmit);
  const signingIn = useSelector(session, selectStaffIsSigningIn);
  const problem = useSelector(session, selectStaffSignInProblem);
  const minutes = useSelector(session, selectStaffWaitMinutes);
  const id = useId();
  const message =
    problem === 'throttled'
      ? t('staff.signIn.throttled', { count: minutes })
      : problem && t(`staff.signIn.${problem}`);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-8 text-fg">
      <main className="w-full max-w-sm rounded-lg border border-line bg-surface-raised p-6 shadow-sm">
        <h1 className="mb-1 text-center text-lg font-semibold">{t('staff.title')}</h1>
        <p className="mb-4 text-center text-fg-muted">{t('staff.signIn.intro')}</p>
        {message && (
          <div
            role="alert"
            className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-danger"
          >
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            <p className="min-w-0 flex-1">{message}</p>
            {problem === 'noAnswer' && (
              <RetryButton
                label={t('common.tryAgain')}
                onClick={() => session.send({ type: 'staff.retried' })}
              />
            )}
          </div>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            session.send({ type: 'staff.submitted' });
          }}
          className="flex flex-col gap-4"
        >
          <div>
            <label htmlFor={`${id}-username`} className={labelClass}>
              {t('staff.signIn.username')}
            </label>
            <input
              id={`${id}-username`}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(event) =>
                session.send({ type: 'staff.changed', field: 'username', value: event.target.value })
              }
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-password`} className={labelClass}>
              {t('staff.signIn.password')}
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) =>
                session.send({ type: 'staff.changed', field: 'password', value: event.target.value })
              }
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            disabled={!canSubmit || signingIn}
            className="tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
          >
            {signingIn && <Spinner className="size-4" />}
            {signingIn ? t('staff.signIn.signingIn') : t('staff.signIn.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
