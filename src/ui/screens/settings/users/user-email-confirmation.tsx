import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectEditedUser,
  selectUserCode,
  selectUserCodeMessage,
  selectUserEmailConfirmation,
  selectUserPendingEmail,
} from '../../../../machines/settings';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { EmailChangeConfirmation } from '../email-change-confirmation';
import type { UserEditorRef } from './user-details-form';

/**
 * A colleague's new address waits for the code mailed to it: the colleague confirms it on their own
 * account screen, or tells the main user, who enters it here (so the device offers no code of its own).
 * Nothing shows when no address waits (a server that changes addresses at once never says one does).
 */
export function UserEmailConfirmation({ editor }: { editor: UserEditorRef }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const step = useSelector(editor, selectUserEmailConfirmation);
  const pendingEmail = useSelector(editor, selectUserPendingEmail);
  const currentEmail = useSelector(editor, selectEditedUser)?.email ?? '';
  const code = useSelector(editor, selectUserCode);
  const message = useSelector(editor, selectUserCodeMessage);
  if (step === null) return null;
  return (
    <EmailChangeConfirmation
      step={step}
      title={t('settings.users.email.pendingTitle')}
      text={t('settings.users.email.pendingText', {
        email: isolate(pendingEmail ?? ''),
        current: isolate(currentEmail),
      })}
      takenText={t('settings.users.email.taken', { email: isolate(pendingEmail ?? '') })}
      codeLabel={t('settings.users.email.code')}
      codeAutoComplete="off"
      cancelLabel={t('settings.users.email.cancel')}
      code={code}
      codeMessage={message}
      wide
      onCodeChange={(value) => editor.send({ type: 'userEditor.codeChanged', value })}
      onSubmit={() => editor.send({ type: 'userEditor.codeSubmitted' })}
      onResend={() => editor.send({ type: 'userEditor.codeResent' })}
      onCancel={() => editor.send({ type: 'userEditor.changeCancelled' })}
      onRetry={() => editor.send({ type: 'userEditor.retried' })}
    />
  );
}
