import { useSelector } from '@xstate/react';
import { BellRing } from 'lucide-react';
import { Link } from 'wouter';
import { selectFirstNotification } from '../../../machines/notifications';
import { paths } from '../../app/routes';
import { useNotificationsRef } from '../../hooks/use-catalogue-resource';
import { useFirstArrivalInBackground } from './use-background-list';

/**
 * Spec point 2, Home: the first notification as a clickable banner with its name and description;
 * none on a backend without notifications (the list never gets one).
 */
export function NotificationBanner() {
  // Drawn in the background when it arrives, with the rest of the home (see `HomeScreen`).
  const first = useFirstArrivalInBackground(
    useSelector(useNotificationsRef(), selectFirstNotification),
    isNone,
  );
  if (!first) return null;
  return (
    <Link
      href={paths.notification(first.id)}
      className="flex items-start gap-3 rounded-lg border border-brand/30 bg-brand-soft px-4 py-3 hover:border-brand"
    >
      <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
      <span className="flex min-w-0 flex-col">
        <span dir="auto" className="font-semibold text-brand [text-align:match-parent]">
          {first.name}
        </span>
        <span dir="auto" className="line-clamp-2 text-fg-muted [text-align:match-parent]">
          {first.description}
        </span>
      </span>
    </Link>
  );
}

const isNone = (notification: unknown) => notification === null;
