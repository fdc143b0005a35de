import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '../../../domain/types';
import { RelativeDate } from '../../components/relative-date';
import { useFocusWhen } from '../../hooks/use-focus-when';
import { announcementStyle } from './announcement-style';

/** A read announcement, collapsed to one line (name and date); the line opens its text. */
export function AnnouncementReadItem({
  announcement,
  takeFocus,
}: {
  announcement: Announcement;
  /** just marked read: the focus moves from the gone "Mark as read" button to this line */
  takeFocus: boolean;
}) {
  const { t } = useTranslation();
  const style = announcementStyle(announcement.type);
  const Icon = style.icon;
  const button = useFocusWhen(takeFocus);

  return (
    <Disclosure
      as="div"
      data-type={style.kind}
      className="rounded-lg border border-line bg-surface-raised text-fg-muted"
    >
      <DisclosureButton
        ref={button}
        className="tap-target group flex w-full items-center gap-3 px-4 text-start hover:bg-surface-sunken"
      >
        <Icon aria-hidden="true" className={`size-4 shrink-0 ${style.accent}`} />
        <span className="sr-only">{t(`announcements.types.${style.kind}`)}: </span>
        <span dir="auto" className="min-w-0 flex-1 truncate [text-align:match-parent]">
          {announcement.name}
        </span>
        <span className="sr-only">, {t('announcements.read')}, </span>
        <RelativeDate createdAt={announcement.createdAt} className="shrink-0" />
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-data-open:rotate-180"
        />
      </DisclosureButton>
      <DisclosurePanel dir="auto" className="px-4 pb-3 whitespace-pre-line">
        {announcement.description}
      </DisclosurePanel>
    </Disclosure>
  );
}
