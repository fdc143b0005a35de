import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../app/routes';
import { NotOffered } from '../../../components/not-offered';

/**
 * A user's page or the new-user form on a backend that has only the users list (spec point 7): one
 * sentence, and the way back to the list.
 */
export function UserManagementNotOffered() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <Link
        href={paths.settingsUsers}
        className="inline-flex items-center gap-1 self-start text-sm text-fg-muted hover:text-fg"
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('settings.users.backToList')}
      </Link>
      <NotOffered />
    </div>
  );
}
