import { shallowEqual, useSelector } from '@xstate/react';
import type { FocusEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationField } from '../../../../domain/auth-forms';
import type { RegistrationTextField } from '../../../../machines/account';
import {
  selectIsCorporate,
  selectIsRegistering,
  selectRegistrationErrors,
  selectRegistrationFailed,
  selectRegistrationForm,
  selectRegistrationRefusal,
} from '../../../../machines/account';
import { ErrorState } from '../../../components/error-state';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { BackToLogin } from '../back-to-login';
import { CustomerTypeChoice } from './customer-type-choice';
import { primaryButtonClass, RegistrationHeader } from './registration-parts';
import { RegistrationPasswordField } from './registration-password-field';
import type { RegistrationRef } from './registration-ref';
import { RegistrationRefusal } from './registration-refusal';

/** Which field a blur left: each field sits in an element marked `data-field`. */
const fieldOf = (event: FocusEvent<HTMLFormElement>) =>
  (event.target as HTMLElement).closest<HTMLElement>('[data-field]')?.dataset.field as
    | RegistrationField
    | undefined;

/**
 * The registration form (spec points 2 and 5): every field with its message under it, as the customer
 * types once a field was left or a submit was tried; the machine decides every message.
 */
export function RegistrationForm({ registration }: { registration: RegistrationRef }) {
  const { t } = useTranslation();
  const form = useSelector(registration, selectRegistrationForm, shallowEqual);
  const errors = useSelector(registration, selectRegistrationErrors);
  const corporate = useSelector(registration, selectIsCorporate);
  const busy = useSelector(registration, selectIsRegistering);
  const failed = useSelector(registration, selectRegistrationFailed);
  const refusal = useSelector(registration, selectRegistrationRefusal, shallowEqual);

  const field = (name: RegistrationTextField) => ({
    value: form[name],
    message: errors[name],
    onChange: (value: string) => registration.send({ type: 'registration.changed', field: name, value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.send({ type: 'registration.submitted' });
  };
  const leave = (event: FocusEvent<HTMLFormElement>) => {
    const left = fieldOf(event);
    if (left) registration.send({ type: 'registration.left', field: left });
  };

  return (
    <form noValidate onSubmit={submit} onBlur={leave} aria-busy={busy} className="flex flex-col gap-4">
      <RegistrationHeader title={t('auth.register.title')} text={t('auth.register.text')} />
      {refusal ? <RegistrationRefusal refusal={refusal} /> : null}
      <fieldset disabled={busy} className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
        <CustomerTypeChoice
          value={form.type}
          onChange={(customerType) => registration.send({ type: 'registration.typeChosen', customerType })}
        />
        {corporate ? (
          <div className="grid gap-4 desktop:grid-cols-2">
            <div data-field="companyName">
              <FormField
                label={t('auth.register.fields.companyName')}
                autoComplete="organization"
                required
                {...field('companyName')}
              />
            </div>
            <div data-field="taxNumber">
              <FormField label={t('auth.register.fields.taxNumber')} required {...field('taxNumber')} />
            </div>
          </div>
        ) : null}
        <div className="grid gap-4 desktop:grid-cols-2">
          <div data-field="fullName">
            <FormField
              label={t('auth.register.fields.fullName')}
              autoComplete="name"
              required
              {...field('fullName')}
            />
          </div>
          <div data-field="email">
            <FormField
              label={t('auth.register.fields.email')}
              type="email"
              autoComplete="email"
              required
              {...field('email')}
            />
          </div>
          <div data-field="phoneNumber">
            <FormField
              label={t('auth.register.fields.phoneNumber')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              {...field('phoneNumber')}
            />
          </div>
          <div data-field="username">
            <FormField
              label={t('auth.register.fields.username')}
              autoComplete="username"
              required
              {...field('username')}
            />
          </div>
          <div data-field="password">
            <RegistrationPasswordField label={t('auth.register.fields.password')} {...field('password')} />
          </div>
          <div data-field="confirmPassword">
            <RegistrationPasswordField
              label={t('auth.register.fields.confirmPassword')}
              {...field('confirmPassword')}
            />
          </div>
        </div>
      </fieldset>
      {failed ? <ErrorState onRetry={() => registration.send({ type: 'registration.retried' })} /> : null}
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? <Spinner className="size-4" /> : null}
        {t('auth.register.submit')}
      </button>
      {/* the live region exists before it is filled so screen readers announce the change */}
      <p role="status" className="sr-only">
        {busy ? t('auth.register.submitting') : ''}
      </p>
      <BackToLogin />
    </form>
  );
}
