import type { SnapshotFrom } from 'xstate';
import type { Announcement } from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { announcementReadsMachine } from './announcement-reads.machine';
import type { announcementsResource } from './catalogue.resources';

/** The list's snapshot (the app's `announcements` resource). */
export type AnnouncementsSnapshot = SnapshotFrom<typeof announcementsResource>;
/** Mark-read's snapshot (the app's `announcementReads` child, there once the cart area has loaded). */
export type AnnouncementReadsSnapshot = SnapshotFrom<typeof announcementReadsMachine>;

export type AnnouncementsStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected';

const NO_ANNOUNCEMENTS: readonly Announcement[] = Object.freeze([]);

/** As the server sends them; the same empty array until loaded. */
export const selectAnnouncements = (s: AnnouncementsSnapshot): readonly Announcement[] =>
  s.context.value ?? NO_ANNOUNCEMENTS;

/** A running mark-read call does not change it: the list stays on screen meanwhile. */
export const selectAnnouncementsStatus = (s: AnnouncementsSnapshot): AnnouncementsStatus =>
  s.value as AnnouncementsStatus;

export const selectUnreadAnnouncementCount = (s: AnnouncementsSnapshot): number =>
  s.context.value?.filter((announcement) => !announcement.read).length ?? 0;

/** Why the last mark-read failed (that announcement shows unread again); mark-read may not be there yet. */
export const selectAnnouncementMarkReadError = (s: AnnouncementReadsSnapshot | undefined): ErrorInfo | null =>
  s?.context.markReadError ?? null;

/** The backend keeps no read state for announcements: "Mark as read" is gone (a missing call showed it). */
export const selectAnnouncementReadsUnavailable = (s: AnnouncementReadsSnapshot | undefined): boolean =>
  s?.matches('unavailable') ?? false;
