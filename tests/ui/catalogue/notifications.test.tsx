import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../src/domain/types';
import { aNotification } from '../../../src/test/builders';
import { catalogueApi, renderPortal } from './support';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
const list: AppNotification[] = [
  aNotification({
    id: 1,
    name: 'Delivery tomorrow',
    description: 'Between 8 and 10.',
    createdAt: daysAgo(2),
    read: false,
  }),
  aNotification({
    id: 2,
    name: 'New price list',
    description: 'Valid from May.',
    createdAt: daysAgo(5),
    read: false,
  }),
  aNotification({
    id: 3,
    name: 'Welcome',
    description: 'Glad to have you.',
    createdAt: '2020-03-04T10:00:00',
    read: true,
  }),
];

describe('notifications', () => {
  it('the bell names the unread count and opens the drawer; old ones show their date, read ones are greyed', async () => {
    const user = userEvent.setup();
    renderPortal({ api: catalogueApi({ notifications: async () => list }) });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 60_000 });
    await user.click(bell);
    const drawer = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    const delivery = drawer.getByRole('link', { name: /Delivery tomorrow/ });
    expect(delivery).toHaveTextContent('Between 8 and 10.');
    expect(delivery).toHaveTextContent('Created 2 days ago');
    expect(drawer.getByRole('link', { name: /New price list/ })).toHaveTextContent('Created 5 days ago');
    const welcome = drawer.getByRole('link', { name: /Welcome/ });
    expect(welcome).toHaveTextContent('04.03.2020');
    expect(welcome).toHaveClass('text-fg-muted');
    expect(delivery).not.toHaveClass('text-fg-muted');
  });

  it('opening one marks it read and shows it on its own page', async () => {
    const user = userEvent.setup();
    const markNotificationRead = vi.fn(async (id: number) => ({ ...list[0]!, id, read: true }));
    const { location } = renderPortal({
      api: catalogueApi({ notifications: async () => list, markNotificationRead }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 60_000 }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('link', { name: /Delivery tomorrow/ }),
    );
    expect(location.history.at(-1)).toBe('/notifications/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery tomorrow' })).toBeInTheDocument();
    await waitFor(() => expect(markNotificationRead).toHaveBeenCalledWith(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('without notifications the drawer says so', async () => {
    const user = userEvent.setup();
    renderPortal({ api: catalogueApi({ notifications: async () => [] }) });
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 0 unread' }, { timeout: 60_000 }),
    );
    expect(
      await within(await screen.findByRole('dialog')).findByText('No notifications'),
    ).toBeInTheDocument();
  });

  it('the invoice notification opens the invoice itself', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, closed: false, opener: {}, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice-5'), revokeObjectURL: vi.fn() }),
    );
    const invoiceNotice = aNotification({
      id: 4,
      name: 'Invoice available',
      description: 'The invoice for your delivered order is ready.',
      createdAt: daysAgo(20),
      read: true,
      invoiceOrderId: 5,
    });
    const documentFile = vi.fn(async () => new Blob(['<h1>Invoice</h1>'], { type: 'text/html' }));
    renderPortal({
      path: '/notifications/4',
      api: catalogueApi({ notifications: async () => [...list, invoiceNotice], documentFile }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice available' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View invoice' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:invoice-5'));
    expect(documentFile).toHaveBeenCalledWith(
      expect.objectContaining({ file: 'netb2b/orders/5/invoice/' }),
      expect.anything(),
    );
    open.mockRestore();
    vi.unstubAllGlobals();
  });

  it('a notification without an invoice offers none', async () => {
    renderPortal({ path: '/notifications/1', api: catalogueApi({ notifications: async () => list }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delivery tomorrow' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View invoice' })).not.toBeInTheDocument();
  });
});
