import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../app/routes';

/** Every auth screen leads back to the login screen (outside the nested /auth router: `~`). */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link
      href={`~${paths.home}`}
      className="tap-target inline-flex items-center justify-center gap-1 self-center text-brand hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('common.backToLogin')}
    </Link>
  );
}
