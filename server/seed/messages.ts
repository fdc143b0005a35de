import type { Insertable } from 'kysely';
import type { AnnouncementReadsTable, AnnouncementsTable, NotificationsTable } from '../db/schema';
import { userIds } from './accounts';

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

interface NotificationSource {
  username: string;
  name: string;
  description: string;
  daysAgo: number;
  read: boolean;
  /** the order whose invoice it announces (seed/orders.ts numbers the orders 1, 2, 3 … in plan order) */
  invoiceOrderId?: number;
}

// Ages on both sides of the 5-day line, where the client switches from "N days ago" to a date.
// Texts are English; translations.ts has them in the nine languages, answered by Accept-Language.
const notificationSources: NotificationSource[] = [
  {
    username: 'buyer',
    name: 'Your order is on its way',
    description:
      'Suborder from Hamburg Cold Store left the warehouse. Lukas Brandt will call before delivery.',
    daysAgo: 1,
    read: false,
  },
  {
    username: 'buyer',
    name: 'New campaign: Summer Drinks',
    description: 'Water, lemonade and beer by the crate: 15 % off until the end of the season.',
    daysAgo: 3,
    read: false,
  },
  {
    username: 'buyer',
    name: 'Price change for Käse Gouda',
    description: 'Dairy prices were adjusted on Monday. Old prices are shown struck through.',
    daysAgo: 6,
    read: true,
  },
  {
    username: 'buyer',
    name: 'Invoice available',
    description: 'The invoice for your delivered order is ready. Open it from here or from the order list.',
    daysAgo: 20,
    read: true,
    // the buyer's order finalized 21 days before the seed: its invoice
    invoiceOrderId: 5,
  },
  {
    username: 'colleague',
    name: 'Welcome to the ordering portal',
    description: 'Maria Keller added you to Lindenhof Gastro GmbH.',
    daysAgo: 2,
    read: false,
  },
  {
    username: 'other',
    name: 'Your order is being prepared',
    description: 'Your order is being picked in Köln Depot.',
    daysAgo: 2,
    read: false,
  },
  {
    username: 'private',
    name: 'Welcome!',
    description: 'Good to have you here. We look forward to your first order.',
    daysAgo: 8,
    read: false,
  },
  {
    username: 'demo',
    name: 'Demo mode',
    description: 'Prices, cart and orders are hidden in demo mode.',
    daysAgo: 0,
    read: false,
  },
];

export function buildNotifications(now: Date): Insertable<NotificationsTable>[] {
  return notificationSources.map((source, index) => ({
    id: index + 1,
    user_id: userIds[source.username] ?? 0,
    name: source.name,
    description: source.description,
    created_at: daysAgo(now, source.daysAgo),
    read_at: source.read ? daysAgo(now, Math.max(0, source.daysAgo - 1)) : null,
    invoice_order_id: source.invoiceOrderId ?? null,
  }));
}

export function buildAnnouncements(now: Date): {
  announcements: Insertable<AnnouncementsTable>[];
  reads: Insertable<AnnouncementReadsTable>[];
} {
  return {
    announcements: [
      {
        id: 1,
        name: 'Holiday delivery schedule',
        description:
          'No deliveries on public holidays; orders placed before are delivered the next working day.',
        type: 'info',
        created_at: daysAgo(now, 9),
      },
      {
        id: 2,
        name: 'New cold store in Hamburg',
        description: 'Chilled and frozen products now ship from our new Hamburg Cold Store.',
        type: 'news',
        created_at: daysAgo(now, 4),
      },
      {
        id: 3,
        name: 'Maintenance on Sunday night',
        description: 'The portal may be unavailable on Sunday between 02:00 and 03:00.',
        type: 'warning',
        created_at: daysAgo(now, 1),
      },
    ],
    reads: [{ announcement_id: 1, user_id: userIds.buyer ?? 0, read_at: daysAgo(now, 8) }],
  };
}
