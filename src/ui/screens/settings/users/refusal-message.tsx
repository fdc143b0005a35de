import { useTranslation } from 'react-i18next';
import type { UserRefusal } from '../../../../machines/settings';
import { FormRefusal } from '../../../components/forms/form-notices';

const keys = {
  ownAccount: 'settings.users.ownAccount',
  forbidden: 'settings.users.refusedForbidden',
  invalid: 'settings.users.refusedInvalid',
} as const;

/** What the server refused on purpose (400, 403, 409), in words. */
export function RefusalMessage({ refusal }: { refusal: UserRefusal | null }) {
  const { t } = useTranslation();
  return <FormRefusal>{refusal ? t(keys[refusal]) : null}</FormRefusal>;
}
