import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RegistrationRefusalReason } from '../../../../machines/account';

/** Spec point 8: "Registration failed." and the reason (a taken username or e-mail, or the server's text). */
export function RegistrationRefusal({ refusal }: { refusal: RegistrationRefusalReason }) {
  const { t } = useTranslation();
  const reason =
    refusal.reason === 'usernameTaken'
      ? t('validation.usernameTaken')
      : refusal.reason === 'emailTaken'
        ? t('auth.register.emailTaken')
        : refusal.detail;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-danger"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-medium">{t('auth.register.failed')}</p>
        {reason ? <p className="mt-1">{reason}</p> : null}
      </div>
    </div>
  );
}
