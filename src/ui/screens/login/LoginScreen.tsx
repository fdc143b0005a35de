import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsSigningIn, selectLoginError } from '../../../machines/session.selectors';
import { useSessionRef } from '../../app/AppActorContext';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { useConfiguration } from '../../app/useConfiguration';
import { BackButton } from '../../components/BackButton';
import { LoginForm } from './LoginForm';

/** Shown in place of the whole app while nobody is signed in (spec point 2, Login). */
export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSessionRef();
  const signingIn = useSelector(session, selectIsSigningIn);
  const error = useSelector(session, selectLoginError);
  const configuration = useConfiguration();
  // Spec point 6: registration is offered only when the default customer type is above 0.
  const canRegister = (configuration?.defaultCustomerType ?? 0) > 0;
  return (
    <AuthLayout>
      <div className="-mt-2 mb-2">
        <BackButton />
      </div>
      <h1 className="mb-4 text-center text-lg font-semibold tracking-wide">{t('login.title')}</h1>
      <LoginForm
        signingIn={signingIn}
        error={error}
        canRegister={canRegister}
        onSubmit={(values) => session.send({ type: 'session.login', ...values })}
      />
    </AuthLayout>
  );
}
