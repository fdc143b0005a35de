import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { UserDraftField, userEditorMachine } from '../../../../machines/settings';
import {
  selectIsUserSaving,
  selectUserDraft,
  selectUserFailure,
  selectUserFieldErrors,
  selectUserNote,
  selectUserRefusal,
} from '../../../../machines/settings';
import { ErrorState } from '../../../components/error-state';
import { labelClass } from '../../../components/field-classes';
import { FormNote } from '../../../components/forms/form-notices';
import { MachineForm } from '../../../components/forms/machine-form';
import { PersonFields } from './person-fields';
import { RefusalMessage } from './refusal-message';
import { SubmitButton } from './submit-button';

export type UserEditorRef = ActorRefFrom<typeof userEditorMachine>;

const noteKeys = {
  created: 'settings.users.created',
  saved: 'settings.users.saved',
  deactivated: 'settings.users.deactivated',
  reactivated: 'settings.users.reactivated',
  emailConfirmed: 'settings.users.email.confirmed',
  emailKept: 'settings.users.email.kept',
} as const;

/** The user's details as the main user changes them; the username stays as it is. */
export function UserDetailsForm({ editor }: { editor: UserEditorRef }) {
  const { t } = useTranslation();
  const draft = useSelector(editor, selectUserDraft, shallowEqual);
  const errors = useSelector(editor, selectUserFieldErrors);
  const refusal = useSelector(editor, selectUserRefusal);
  const note = useSelector(editor, selectUserNote);
  const saving = useSelector(editor, selectIsUserSaving);
  const failure = useSelector(editor, selectUserFailure);
  const change = (field: UserDraftField, value: string) =>
    editor.send({ type: 'userEditor.changed', field, value });
  return (
    <MachineForm
      onSubmit={() => editor.send({ type: 'userEditor.submitted' })}
      className="flex max-w-2xl flex-col gap-4"
    >
      <FormNote>{note ? t(noteKeys[note]) : null}</FormNote>
      <div>
        <span className={labelClass}>{t('settings.users.fields.username')}</span>
        <span className="block text-fg-muted">{draft.username}</span>
      </div>
      <PersonFields draft={draft} errors={errors} onChange={change} />
      <RefusalMessage refusal={refusal} />
      {failure === 'save' ? <ErrorState onRetry={() => editor.send({ type: 'userEditor.retried' })} /> : null}
      <SubmitButton busy={saving} label={t('settings.users.save')} busyLabel={t('settings.users.saving')} />
    </MachineForm>
  );
}
