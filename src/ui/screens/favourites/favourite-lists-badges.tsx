import { BookOpenCheck, Lock, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FavouriteListSummary } from '../../../domain/types';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

/** Shared or private, and "order guide" for the main user's shared lists (the company's standard ones). */
export function FavouriteListsBadges({
  list,
  className = '',
}: {
  list: FavouriteListSummary;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={`flex flex-wrap gap-1 ${className}`}>
      {list.shared ? (
        <span className={`${badge} bg-brand-soft text-brand`}>
          <Users aria-hidden="true" className="size-3" />
          {t('favourites.index.shared')}
        </span>
      ) : (
        <span className={`${badge} bg-surface-sunken text-fg-muted`}>
          <Lock aria-hidden="true" className="size-3" />
          {t('favourites.index.private')}
        </span>
      )}
      {list.shared && list.ownerIsMainUser && (
        <span className={`${badge} bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100`}>
          <BookOpenCheck aria-hidden="true" className="size-3" />
          {t('favourites.index.orderGuide')}
        </span>
      )}
    </span>
  );
}
