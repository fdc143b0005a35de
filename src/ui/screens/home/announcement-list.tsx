import { useSelector } from '@xstate/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectAnnouncementMarkReadError,
  selectAnnouncementReadsUnavailable,
  selectAnnouncements,
  selectAnnouncementsStatus,
  selectUnreadAnnouncementCount,
} from '../../../machines/catalogue';
import { ErrorState } from '../../components/error-state';
import { Section } from '../../components/section';
import { useAnnouncementReadsRef } from '../../hooks/use-announcement-reads';
import { useCapability } from '../../hooks/use-capability';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { AnnouncementCard } from './announcement-card';
import { AnnouncementReadItem } from './announcement-read-item';
import { useFirstArrivalInBackground } from './use-background-list';

/**
 * The supplier's announcements on the home screen, above the campaigns, in the server's
 * order: unread ones in full with "Mark as read", read ones collapsed to one line. Nothing at all
 * while they load or when there are none (the home screen has enough spinners); a small error with
 * retry when they cannot be loaded. A backend without read state for them (capability
 * `announcementReads`) still shows them all in full, without "Mark as read" or an unread count.
 */
export function AnnouncementList() {
  const { t } = useTranslation();
  const announcements = useCatalogueResource('announcements');
  const reads = useAnnouncementReadsRef();
  // Drawn in the background when they arrive, with the rest of the home (see `HomeScreen`).
  const list = useFirstArrivalInBackground(useSelector(announcements, selectAnnouncements), isEmpty);
  const status = useDeferredValue(useSelector(announcements, selectAnnouncementsStatus));
  const unread = useSelector(announcements, selectUnreadAnnouncementCount);
  const markReadError = useSelector(reads, selectAnnouncementMarkReadError);
  const readsOffered = useCapability('announcementReads');
  const readsGone = useSelector(reads, selectAnnouncementReadsUnavailable);
  const canMarkRead = readsOffered && !readsGone;
  // the announcement whose "Mark as read" was pressed last: its new form takes the focus
  const [lastMarked, setLastMarked] = useState<number | null>(null);

  if (status === 'rejected' && list.length === 0)
    return (
      <ErrorState
        message={t('announcements.loadFailed')}
        onRetry={() => announcements.send({ type: 'resource.load' })}
      />
    );
  if (list.length === 0) return null;

  function markRead(id: number) {
    setLastMarked(id);
    reads?.send({ type: 'reads.markRead', id });
  }

  return (
    <Section
      title={t('announcements.title')}
      action={
        canMarkRead &&
        unread > 0 && <span className="text-fg-muted">{t('announcements.unread', { count: unread })}</span>
      }
    >
      {markReadError && (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {t('announcements.markReadFailed')}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {list.map((announcement) => (
          <li key={announcement.id}>
            {announcement.read && canMarkRead ? (
              <AnnouncementReadItem announcement={announcement} takeFocus={lastMarked === announcement.id} />
            ) : (
              <AnnouncementCard
                announcement={announcement}
                // mark-read arrives with the cart area, shortly after sign-in
                onMarkRead={reads ? () => markRead(announcement.id) : undefined}
                takeFocus={lastMarked === announcement.id}
                canMarkRead={canMarkRead}
              />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const isEmpty = (list: readonly unknown[]) => list.length === 0;
