import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { ChevronLeft } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { selectLanguage } from '../../../../machines/session';
import {
  bindNewUser,
  selectIsCreatingUser,
  selectIsNewUserNotOffered,
  selectNewUserDraft,
  selectNewUserFailed,
  selectNewUserFieldErrors,
  selectNewUserRefusal,
  type UserDraftField,
} from '../../../../machines/settings';
import { paths } from '../../../app/routes';
import { ErrorState } from '../../../components/error-state';
import { FormField } from '../../../components/form-field';
import { bindFields } from '../../../components/forms/field-binding';
import { MachineForm } from '../../../components/forms/machine-form';
import { Section } from '../../../components/section';
import { useBoundMachine, usePortalInspection, useSessionRef } from '../../../hooks/use-app-actor';
import { useCapability } from '../../../hooks/use-capability';
import { PersonFields } from './person-fields';
import { RefusalMessage } from './refusal-message';
import { SubmitButton } from './submit-button';
import { UserManagementNotOffered } from './user-management-not-offered';

/** A new user of the company (spec point 6): username, person, language and how they get a password. */
export function NewUserSection() {
  // a backend with the users list only: no form, so no call that cannot succeed
  return useCapability('userManagement') ? <NewUserForm /> : <UserManagementNotOffered />;
}

function NewUserForm() {
  const { t } = useTranslation();
  const language = useSelector(useSessionRef(), selectLanguage) ?? 'en';
  const editor = useActorRef(useBoundMachine(bindNewUser), {
    ...usePortalInspection(),
    input: { mode: 'create', language },
  });
  const [, navigate] = useLocation();
  const notOffered = useSelector(editor, selectIsNewUserNotOffered);
  const draft = useSelector(editor, selectNewUserDraft, shallowEqual);
  const errors = useSelector(editor, selectNewUserFieldErrors);
  const refusal = useSelector(editor, selectNewUserRefusal);
  const saving = useSelector(editor, selectIsCreatingUser);
  const failed = useSelector(editor, selectNewUserFailed);
  const accessName = useId();

  useEffect(() => {
    const subscription = editor.on('userEditor.created', (event) =>
      navigate(`${paths.settingsUser(event.userId)}?created=1`, { replace: true }),
    );
    return () => subscription.unsubscribe();
  }, [editor, navigate]);

  const change = (field: UserDraftField, value: string) =>
    editor.send({ type: 'userEditor.changed', field, value });
  const field = bindFields<UserDraftField>(draft, errors, change);

  if (notOffered) return <UserManagementNotOffered />;
  return (
    <Section title={t('settings.users.createTitle')}>
      <Link
        href={paths.settingsUsers}
        className="inline-flex items-center gap-1 self-start text-sm text-fg-muted hover:text-fg"
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('settings.users.backToList')}
      </Link>
      <MachineForm
        onSubmit={() => editor.send({ type: 'userEditor.submitted' })}
        busy={saving}
        className="flex max-w-2xl flex-col gap-4"
      >
        <FormField
          label={t('settings.users.fields.username')}
          autoComplete="off"
          required
          {...field('username')}
        />
        <PersonFields draft={draft} errors={errors} onChange={change} />
        <fieldset className="flex flex-col gap-2 rounded-md border border-line p-3">
          <legend className="px-1 font-medium">{t('settings.users.accessLegend')}</legend>
          <label className="tap-target flex items-center gap-2">
            <input
              type="radio"
              name={accessName}
              checked={draft.access === 'invitation'}
              onChange={() => change('access', 'invitation')}
              className="size-4 accent-brand"
            />
            {t('settings.users.accessInvitation')}
          </label>
          {draft.access === 'invitation' ? (
            <p className="ms-6 text-sm text-fg-muted">{t('settings.users.invitationNote')}</p>
          ) : null}
          <label className="tap-target flex items-center gap-2">
            <input
              type="radio"
              name={accessName}
              checked={draft.access === 'password'}
              onChange={() => change('access', 'password')}
              className="size-4 accent-brand"
            />
            {t('settings.users.accessPassword')}
          </label>
          {draft.access === 'password' ? (
            <div className="ms-6">
              <FormField
                label={t('settings.users.fields.password')}
                type="password"
                autoComplete="new-password"
                required
                {...field('password')}
              />
            </div>
          ) : null}
        </fieldset>
        <RefusalMessage refusal={refusal} />
        {failed ? <ErrorState onRetry={() => editor.send({ type: 'userEditor.retried' })} /> : null}
        <SubmitButton
          busy={saving}
          label={t('settings.users.create')}
          busyLabel={t('settings.users.creating')}
        />
      </MachineForm>
    </Section>
  );
}
