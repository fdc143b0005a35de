import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCancelled,
  selectIsSignInSlow,
  selectIsSigningIn,
  selectLoginError,
} from '../../../machines/session';
import { AuthLayout } from '../../app/layout/auth-layout';
import { BackButton } from '../../components/back-button';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useConfiguration } from '../../hooks/use-configuration';
import { hasPortalPageBehind } from '../auth/portal-history';
import { LoginForm } from './login-form';

/** Shown in place of the whole app while nobody is signed in (spec point 2, Login). */
export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSessionRef();
  const signingIn = useSelector(session, selectIsSigningIn);
  const slow = useSelector(session, selectIsSignInSlow);
  const cancelled = useSelector(session, selectCancelled);
  const error = useSelector(session, selectLoginError);
  const configuration = useConfiguration();
  // Spec point 6: registration is offered only when the default customer type is above 0.
  // null until the configuration arrives: the form keeps the link's room meanwhile (no layout shift)
  const canRegister = configuration ? configuration.defaultCustomerType > 0 : null;
  return (
    <AuthLayout>
      {/* In a tab that opened on the login screen, Back would leave the portal for a blank page. */}
      {hasPortalPageBehind() && (
        <div className="-mt-2 mb-2">
          <BackButton />
        </div>
      )}
      <h1 className="mb-4 text-center text-lg font-semibold tracking-wide">{t('login.title')}</h1>
      <LoginForm
        signingIn={signingIn}
        slow={slow}
        cancelled={cancelled}
        error={error}
        canRegister={canRegister}
        onSubmit={(values) => session.send({ type: 'session.login', ...values })}
        onCancel={() => session.send({ type: 'session.cancel' })}
        onRetryRestore={() => session.send({ type: 'session.retry' })}
      />
    </AuthLayout>
  );
}
