import { useTranslation } from 'react-i18next';
import { notificationAge } from '../../domain/dates';
import type { IsoDateTime } from '../../domain/types';

/**
 * Spec point 9: "created N days ago" up to 5 days, then dd.mm.yyyy. One rule for the notification
 * drawer, list and screen and the home screen's announcements.
 */
export function RelativeDate({ createdAt, className = '' }: { createdAt: IsoDateTime; className?: string }) {
  const { t } = useTranslation();
  const age = notificationAge(createdAt, new Date());
  return (
    <time dateTime={createdAt} className={`text-xs text-fg-muted ${className}`}>
      {age.kind === 'date'
        ? age.text
        : age.days === 0
          ? t('dates.createdToday')
          : t('dates.createdDaysAgo', { count: age.days })}
    </time>
  );
}
