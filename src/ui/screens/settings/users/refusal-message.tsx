import { useTranslation } from 'react-i18next';
import type { UserRefusal } from '../../../../machines/settings';
import { refusalClass } from './form-classes';

const keys = {
  ownAccount: 'settings.users.ownAccount',
  forbidden: 'settings.users.refusedForbidden',
  invalid: 'settings.users.refusedInvalid',
} as const;

/** What the server refused on purpose (400, 403, 409), in words. */
export function RefusalMessage({ refusal }: { refusal: UserRefusal | null }) {
  const { t } = useTranslation();
  if (!refusal) return null;
  return (
    <p role="alert" className={refusalClass}>
      {t(keys[refusal])}
    </p>
  );
}
