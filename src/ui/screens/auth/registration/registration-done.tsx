import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../app/routes';
import { primaryButtonClass, RegistrationHeader } from './registration-parts';

/** The account exists: say so, and lead back to the sign-in. */
export function RegistrationDone() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <RegistrationHeader
        icon={<CircleCheck aria-hidden="true" className="mx-auto mb-2 size-10 text-brand" />}
        title={t('auth.register.done.title')}
        text={t('auth.register.done.text')}
      />
      <Link href={`~${paths.home}`} className={primaryButtonClass}>
        {t('auth.register.done.signIn')}
      </Link>
    </div>
  );
}
