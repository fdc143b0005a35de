import { setup } from 'xstate';
import type { Ports } from './ports';

// PLACEHOLDER (issue 12 contract): the helper who owns this file replaces the chart. Contract: systemId
// `announcementReads`, spawned with the cart area; `announcements.markRead { id }` marks one read
// (optimistically, patching the `announcements` resource); `announcementReads.cleared` on sign-out.

export type AnnouncementReadsEvent =
  | { type: 'announcements.markRead'; id: number }
  | { type: 'announcementReads.cleared' };

export const announcementReadsMachine = setup({
  types: { events: {} as AnnouncementReadsEvent },
}).createMachine({ id: 'announcementReads', initial: 'idle', states: { idle: {} } });

export const bindAnnouncementReads = (_ports: Ports) => announcementReadsMachine;
