import { describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, setup } from 'xstate';
import type { Announcement } from '../../../src/domain/types';
import {
  announcementReadsMachine,
  bindAnnouncementReads,
} from '../../../src/machines/catalogue/announcement-reads.machine';
import {
  selectAnnouncementMarkReadError,
  selectAnnouncements,
  selectAnnouncementsStatus,
  selectUnreadAnnouncementCount,
} from '../../../src/machines/catalogue/announcement-reads.selectors';
import { announcementsResource } from '../../../src/machines/catalogue/catalogue.resources';
import { bindResource } from '../../../src/machines/kernel/resource.machine';
import type { PortalApi } from '../../../src/services/api';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';
import { walkMarkReadChart } from '../kernel/mark-read.walk';

type Selected<F extends (s: never) => unknown> = (s: AnyMachineSnapshot) => ReturnType<F>;

const announcement = (id: number, read = false): Announcement => ({
  id,
  name: `Announcement ${id}`,
  description: 'Text',
  type: id % 2 ? 'info' : 'warning',
  createdAt: '2026-11-20T08:00:00.000Z',
  read,
});

// The announcements' use of the shared mark-read chart (mark-read.machine.ts): what the home screen reads.
const { serverError } = walkMarkReadChart<Announcement>({
  machine: announcementReadsMachine,
  names: {
    id: 'announcementReads',
    listSystemId: 'announcements',
  },
  list: announcementsResource,
  entry: announcement,
  failedCall: 'POST baf/announcements/4/read/',
  selectError: selectAnnouncementMarkReadError as Selected<typeof selectAnnouncementMarkReadError>,
  selectStatus: selectAnnouncementsStatus as Selected<typeof selectAnnouncementsStatus>,
  selectUnreadCount: selectUnreadAnnouncementCount as Selected<typeof selectUnreadAnnouncementCount>,
  noun: 'announcement',
});

describe('announcement reads, bound', () => {
  it('is bound to POST baf/announcements/{id}/read/ and reports a failure', async () => {
    const markAnnouncementRead = vi.fn(async () => Promise.reject(serverError));
    const reportError = vi.fn(async () => undefined);
    const list = bindResource(announcementsResource, async () => [announcement(4)]);
    const reads = bindAnnouncementReads(
      testPorts({ markAnnouncementRead, reportError } as Partial<PortalApi>),
    );
    const system = setup({ actors: { list, reads } }).createMachine({
      invoke: [
        { id: 'announcements', systemId: 'announcements', src: 'list' },
        { id: 'announcementReads', systemId: 'announcementReads', src: 'reads' },
      ],
    });
    const actor = createActor(system).start();
    const listRef = actor.getSnapshot().children.announcements!;
    listRef.send({ type: 'resource.load' });
    await settle();
    actor.getSnapshot().children.announcementReads!.send({ type: 'reads.markRead', id: 4 });
    await vi.waitFor(() => expect(reportError).toHaveBeenCalled());
    expect(markAnnouncementRead).toHaveBeenCalledWith(4);
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'announcementReads', status: 500 }),
    );
    expect(selectAnnouncements(listRef.getSnapshot())[0]?.read).toBe(false);
    actor.stop();
  });
});
