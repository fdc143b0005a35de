import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '../../../domain/types';
import { RelativeDate } from '../../components/relative-date';
import { useFocusWhen } from '../../hooks/use-focus-when';
import { announcementStyle } from './announcement-style';

/**
 * An unread announcement in full: its type, name, date and text, and "Mark as read" where the backend
 * keeps read state (capability `announcementReads`).
 */
export function AnnouncementCard({
  announcement,
  onMarkRead,
  takeFocus,
  canMarkRead = true,
}: {
  announcement: Announcement;
  /** false: the backend keeps no read state, so there is no button */
  canMarkRead?: boolean;
  /** undefined while mark-read is not there yet (the button waits, disabled) */
  onMarkRead: (() => void) | undefined;
  /** shown again after a failed mark-read: the button gets the focus back */
  takeFocus: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const style = announcementStyle(announcement.type);
  const Icon = style.icon;
  const button = useFocusWhen(takeFocus);

  return (
    <article
      aria-labelledby={titleId}
      data-type={style.kind}
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 ${style.box}`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${style.accent}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className={`text-xs font-semibold uppercase tracking-wide ${style.accent}`}>
          {t(`announcements.types.${style.kind}`)}
        </p>
        <h3 id={titleId} dir="auto" className="font-semibold [text-align:match-parent]">
          {announcement.name}
        </h3>
        <p dir="auto" className="whitespace-pre-line">
          {announcement.description}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <RelativeDate createdAt={announcement.createdAt} />
          {canMarkRead && (
            <button
              ref={button}
              type="button"
              onClick={onMarkRead}
              disabled={!onMarkRead}
              aria-describedby={titleId}
              className="tap-target inline-flex items-center rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
            >
              {t('announcements.markRead')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
