import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsRestoreSlow } from '../../../machines/session';
import { Spinner } from '../../components/spinner';
import { useSessionRef } from '../../hooks/use-app-actor';

/**
 * The boot screen while a remembered sign-in is checked. When the server takes longer
 * than usual it says so and offers Cancel, which opens the login screen (the remembered sign-in is
 * kept for Try again or a later visit).
 */
export function RestoringScreen() {
  const { t } = useTranslation();
  const session = useSessionRef();
  const slow = useSelector(session, selectIsRestoreSlow);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center text-fg-muted">
      <Spinner className="size-8 text-brand" />
      <p role="status">{slow ? t('login.slowRestore') : t('login.restoring')}</p>
      {slow && (
        <button
          type="button"
          onClick={() => session.send({ type: 'session.cancel' })}
          className="tap-target inline-flex items-center justify-center rounded-md border border-line bg-surface-raised px-4 font-medium text-fg hover:bg-surface-sunken"
        >
          {t('common.cancel')}
        </button>
      )}
    </div>
  );
}
