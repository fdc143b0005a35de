import type { Announcement } from '../../domain/types';
import { bindMarkRead, createMarkReadMachine } from '../kernel/mark-read.machine';
import type { Ports } from '../kernel/ports';

/**
 * Optimistic mark-read of the supplier's announcements (systemId `announcementReads`, spawned with the
 * cart area; `reads.cleared` on sign-out): the shared mark-read chart (mark-read.machine.ts),
 * patching the `announcements` resource. One call at a time; a failed call shows it unread again; a
 * backend without read state (capability `announcementReads`) leaves it `unavailable`.
 */
export const announcementReadsMachine = createMarkReadMachine<Announcement>({
  id: 'announcementReads',
  listSystemId: 'announcements',
});

/** Mark-read with its call and the error reporter bound (composition root). */
export const bindAnnouncementReads = ({ api }: Ports) =>
  bindMarkRead(announcementReadsMachine, (id) => api.markAnnouncementRead(id), api);
