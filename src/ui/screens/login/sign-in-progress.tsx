import { useTranslation } from 'react-i18next';

interface SignInProgressProps {
  signingIn: boolean;
  slow: boolean;
  cancelled: 'signIn' | 'restore' | null;
  onCancel: () => void;
  onRetryRestore: () => void;
}

const actionClass =
  'tap-target inline-flex shrink-0 items-center justify-center rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken';

/**
 * What the sign-in is doing, under the Log in button. While it runs, only screen readers
 * hear "Logging in…"; once it takes longer than usual, or after the customer cancelled a wait, the
 * text shows with what can be done about it (Cancel, or Try again for the remembered sign-in).
 */
export function SignInProgress({
  signingIn,
  slow,
  cancelled,
  onCancel,
  onRetryRestore,
}: SignInProgressProps) {
  const { t } = useTranslation();
  const text = slow
    ? t('login.slowSignIn')
    : signingIn
      ? t('login.signingIn')
      : cancelled === 'signIn'
        ? t('login.signInCancelled')
        : cancelled === 'restore'
          ? t('login.restoreCancelled')
          : '';
  const shown = slow || (!signingIn && cancelled !== null);
  return (
    <div
      className={
        shown ? 'flex flex-wrap items-center gap-2 rounded-md border border-line bg-surface-sunken p-3' : ''
      }
    >
      {/* The live region exists before it is filled so screen readers announce the change. */}
      <p role="status" className={shown ? 'min-w-0 flex-1' : 'sr-only'}>
        {text}
      </p>
      {slow && (
        <button type="button" onClick={onCancel} className={actionClass}>
          {t('common.cancel')}
        </button>
      )}
      {!signingIn && cancelled === 'restore' && (
        <button type="button" onClick={onRetryRestore} className={actionClass}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  );
}
