import { useTranslation } from 'react-i18next';
import { CircleAlertIcon } from '../../components/sign-in-icons';
import type { LoginError } from './login-error';

/** "No active account found…": this portal's code, and Simple JWT's for a supplier's backend. */
const knownCredentialCodes = new Set(['invalid_credentials', 'no_active_account']);

/**
 * Spec points 5 and 8: a failed sign-in shows "Please enter your username and password..." with the
 * reason in the interface language (the server's detail only for a reason without known code; else
 * the generic unknown error); an inactive user is told to contact the administrator;
 * a throttled sign-in says how long to wait; an expired stored session asks to log in again.
 */
export function LoginErrorBanner({ error }: { error: LoginError }) {
  const { t } = useTranslation();
  let headline: string;
  let detail: string | null = null;
  switch (error.kind) {
    case 'invalidCredentials':
      headline = t('errors.loginFailed');
      // the server's words only for a reason the portal cannot word in the interface language
      detail = knownCredentialCodes.has(error.code ?? '')
        ? t('errors.invalidCredentials')
        : error.detail || null;
      break;
    case 'inactiveUser':
      headline = t('errors.inactiveUser');
      break;
    case 'throttled':
      headline = t('errors.throttled', { seconds: error.retryAfterSeconds });
      break;
    case 'sessionExpired':
      headline = t('errors.sessionExpired');
      break;
    default:
      headline = t('errors.loginFailed');
      detail = t('errors.unknown');
  }
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-danger/40 bg-danger-soft p-3 text-danger"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-medium">{headline}</p>
        {detail && <p className="mt-1">{detail}</p>}
      </div>
    </div>
  );
}
