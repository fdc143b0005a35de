import { useTranslation } from 'react-i18next';
import { notificationAge } from '../../../domain/dates';
import type { IsoDateTime } from '../../../domain/types';

/** Spec point 9: "created N days ago" up to 5 days, then dd.mm.yyyy. */
export function NotificationAge({ createdAt }: { createdAt: IsoDateTime }) {
  const { t } = useTranslation();
  const age = notificationAge(createdAt, new Date());
  return (
    <time dateTime={createdAt} className="text-xs text-fg-muted">
      {age.kind === 'date'
        ? age.text
        : age.days === 0
          ? t('notifications.createdToday')
          : t('notifications.createdDaysAgo', { count: age.days })}
    </time>
  );
}
