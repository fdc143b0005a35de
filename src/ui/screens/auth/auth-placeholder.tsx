import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../app/routes';

/**
 * PLACEHOLDER (issue 2): the forgot-password, security-code, new-password and registration flows
 * arrive with their machines in a later issue. Until then each route explains its step and leads back.
 */
export function AuthPlaceholder({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p>{text}</p>
      <p className="text-fg-muted">{t('auth.notAvailable')}</p>
      <Link
        // "~" leaves the nested /auth router: the login screen lives at the root.
        href={`~${paths.home}`}
        className="tap-target inline-flex items-center gap-1 self-start text-brand hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('common.backToLogin')}
      </Link>
    </div>
  );
}
