import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDayMonthYear } from '../../../src/domain/dates';
import type { Announcement } from '../../../src/domain/types';
import { ApiError } from '../../../src/services/api';
import { anAnnouncement } from '../../../src/test/builders';
import { catalogueApi, deferred, renderPortal } from '../catalogue/support';

const slow = { timeout: 60_000 };
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

const deliveryDay = anAnnouncement({
  id: 1,
  name: 'New delivery day',
  description: 'From December we deliver on Thursdays instead of Wednesdays.',
  type: 'warning',
  read: false,
  createdAt: daysAgo(2),
});
const newRange = anAnnouncement({
  id: 2,
  name: 'Organic range',
  description: 'Forty organic products are new in the catalogue.',
  type: 'news',
  read: false,
  createdAt: daysAgo(0),
});
const holidays = anAnnouncement({
  id: 3,
  name: 'Holiday opening hours',
  description: 'The office is closed on 24 December.',
  type: 'info',
  read: true,
  createdAt: daysAgo(12),
});
const survey = anAnnouncement({
  id: 4,
  name: 'Customer survey',
  description: 'Tell us how we are doing.',
  type: 'poll',
  read: false,
  createdAt: daysAgo(1),
});
const allAnnouncements = [deliveryDay, newRange, holidays, survey];
const markReadError = new ApiError(
  { kind: 'http', call: 'POST baf/announcements/1/read/', status: 500 },
  'HTTP 500',
);

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

function renderHome(api: Parameters<typeof catalogueApi>[0] = {}) {
  const markAnnouncementRead = vi.fn(async (id: number) => ({
    ...allAnnouncements.find((a) => a.id === id)!,
    read: true,
  }));
  const rendered = renderPortal({
    api: catalogueApi({ announcements: async () => allAnnouncements, markAnnouncementRead, ...api }),
  });
  return { ...rendered, markAnnouncementRead };
}

const announcementsRegion = () => screen.findByRole('region', { name: 'Announcements' }, slow);
const card = async (name: string) => within(await announcementsRegion()).findByRole('article', { name });

describe('announcements on the home screen', () => {
  it('sit above the campaigns, unread ones in full, styled by type', async () => {
    renderHome();
    const region = await announcementsRegion();
    const campaigns = await screen.findByRole('region', { name: 'Campaigns' }, slow);
    expect(region.compareDocumentPosition(campaigns) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const warning = await card('New delivery day');
    expect(warning).toHaveAttribute('data-type', 'warning');
    expect(warning).toHaveClass('bg-amber-50');
    expect(warning).toHaveTextContent('Important');
    expect(warning).toHaveTextContent(deliveryDay.description);
    expect(warning.querySelector('svg')).toHaveClass('lucide-triangle-alert');

    const news = await card('Organic range');
    expect(news).toHaveAttribute('data-type', 'news');
    expect(news).toHaveClass('bg-brand-soft');
    expect(news).toHaveTextContent('News');

    // a type the portal does not know is shown as information
    const unknown = await card('Customer survey');
    expect(unknown).toHaveAttribute('data-type', 'info');
    expect(unknown).toHaveTextContent('Information');
    expect(region).toHaveTextContent('3 unread');
  });

  it('show their age as "created N days ago" up to 5 days, then the date', async () => {
    renderHome();
    expect(await card('New delivery day')).toHaveTextContent('Created 2 days ago');
    expect(await card('Organic range')).toHaveTextContent('Created today');
    expect(await card('Customer survey')).toHaveTextContent('Created 1 day ago');
    const read = within(await announcementsRegion()).getByRole('button', { name: /Holiday opening hours/ });
    expect(read).toHaveTextContent(formatDayMonthYear(holidays.createdAt));
  });

  it('read ones are one collapsed line that opens their text', async () => {
    const user = userEvent.setup();
    renderHome();
    const region = await announcementsRegion();
    const line = within(region).getByRole('button', { name: /Holiday opening hours/ });
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(line).toHaveAccessibleName(expect.stringContaining('Read'));
    expect(within(region).queryByText(holidays.description)).not.toBeInTheDocument();
    await user.click(line);
    expect(line).toHaveAttribute('aria-expanded', 'true');
    expect(within(region).getByText(holidays.description)).toBeInTheDocument();
  });

  it('Mark as read collapses the announcement at once, keeps the focus on it and tells the server', async () => {
    const user = userEvent.setup();
    const { markAnnouncementRead } = renderHome();
    const warning = await card('New delivery day');
    const button = within(warning).getByRole('button', { name: 'Mark as read' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const region = await announcementsRegion();
    const line = await within(region).findByRole('button', { name: /New delivery day/ });
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(line).toHaveFocus();
    expect(within(region).queryByRole('article', { name: 'New delivery day' })).not.toBeInTheDocument();
    expect(region).toHaveTextContent('2 unread');
    await waitFor(() => expect(markAnnouncementRead).toHaveBeenCalledWith(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed mark-read shows the announcement unread again, with a message', async () => {
    const user = userEvent.setup();
    const answer = deferred<Announcement>();
    const markAnnouncementRead = vi.fn(() => answer.promise);
    renderHome({ markAnnouncementRead });
    const warning = await card('New delivery day');
    const button = within(warning).getByRole('button', { name: 'Mark as read' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    // optimistic: collapsed while the call runs
    expect(
      await within(await announcementsRegion()).findByRole('button', { name: /New delivery day/ }),
    ).toBeInTheDocument();
    answer.reject(markReadError);
    const again = await card('New delivery day');
    expect(within(again).getByRole('button', { name: 'Mark as read' })).toHaveFocus();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not mark the announcement as read, so it is shown as unread again.',
    );
  });

  it('nothing is shown when there are none', async () => {
    renderHome({ announcements: async () => [] });
    await screen.findByRole('region', { name: 'Campaigns' }, slow);
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });

  it('a failed load shows a small error whose retry loads them', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const announcements = vi.fn(async () => {
      if (++calls === 1)
        throw new ApiError({ kind: 'http', call: 'GET baf/announcements/', status: 500 }, 'HTTP 500');
      return allAnnouncements;
    });
    renderHome({ announcements });
    const alert = await screen.findByText('Could not load the announcements.', {}, slow);
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }),
    );
    expect(await card('New delivery day')).toBeInTheDocument();
    expect(announcements).toHaveBeenCalledTimes(2);
  });
});
