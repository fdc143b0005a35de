import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Announcement, AppNotification } from '../../../src/domain/types';
import ar from '../../../src/locales/ar.json';
import { aNotification, anAnnouncement } from '../../../src/test/builders';
import { RelativeDate } from '../../../src/ui/components/relative-date';
import { catalogueApi, renderPortal } from '../catalogue/support';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

/**
 * A name is isolated when the nearest element that sets a direction around it (`dir="auto"` or a
 * `<bdi>`) holds that name and nothing else: then its own letters decide its direction, and the
 * Arabic line around it keeps its full stop and its ellipsis at the right end.
 */
function expectIsolated(element: HTMLElement, name: string) {
  const isolating = element.closest<HTMLElement>('bdi, [dir="auto"]');
  expect(isolating, `"${name}" has no dir="auto" or <bdi> around it`).not.toBeNull();
  expect(isolating?.textContent?.trim()).toBe(name);
}

const notifications: AppNotification[] = [
  aNotification({
    id: 1,
    name: 'Getränkekontor Hansa ships today',
    description: 'Between 8 and 10.',
    createdAt: daysAgo(2),
    read: false,
  }),
  aNotification({
    id: 2,
    name: 'Price list 2026',
    description: 'Valid from May.',
    createdAt: daysAgo(1),
    read: true,
  }),
];
const announcements: Announcement[] = [
  anAnnouncement({
    id: 7,
    name: 'Warehouse Nord closed on Friday',
    description: 'Orders ship on Monday.',
    type: 'info',
    read: false,
    createdAt: daysAgo(3),
  }),
];

beforeEach(async () => {
  i18next.addResourceBundle('ar', 'translation', ar, true, true);
  await i18next.changeLanguage('ar');
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('Arabic screens keep English names in their own direction', () => {
  it('home: notification banner, announcement, brands and categories', async () => {
    renderPortal({
      api: catalogueApi({
        notifications: async () => notifications,
        announcements: async () => announcements,
      }),
    });
    const main = await screen.findByRole('main', {}, { timeout: 60_000 });
    // the home screen's own brand and category links (product rows name brands too; they have their own tests)
    const homeLinks = (name: string) =>
      within(main)
        .getAllByText(name)
        .filter((element) =>
          /^\/catalog\/brand\/|\?category=/.test(element.closest('a')?.getAttribute('href') ?? ''),
        );
    await within(main).findAllByText('Quellblick', {}, { timeout: 60_000 });
    for (const name of ['Alpenhof', 'Quellblick', 'Soft Drinks & Water', 'Dairy & Cheese']) {
      const links = homeLinks(name);
      expect(links.length, name).toBeGreaterThan(0);
      for (const link of links) expectIsolated(link, name);
    }
    for (const text of [
      'Getränkekontor Hansa ships today',
      'Between 8 and 10.',
      'Warehouse Nord closed on Friday',
      'Orders ship on Monday.',
    ]) {
      expectIsolated(await within(main).findByText(text), text);
    }
    // A truncated text puts its ellipsis at the end of its own words only when it knows their direction.
    const homeParts = [...main.querySelectorAll<HTMLElement>('a[href^="/catalog/brand/"], article')];
    for (const truncated of homeParts.flatMap((part) => [
      ...part.querySelectorAll<HTMLElement>('.truncate'),
    ])) {
      expect(truncated.closest('[dir="auto"], bdi'), truncated.outerHTML).not.toBeNull();
    }
  });

  it('notification drawer: names and texts isolated, the bell counts in Arabic plural forms', async () => {
    const user = userEvent.setup();
    renderPortal({ api: catalogueApi({ notifications: async () => notifications }) });
    // one unread: the singular names its number in words, with no figure added
    await user.click(
      await screen.findByRole('button', { name: 'الإشعارات، إشعار واحد غير مقروء' }, { timeout: 60_000 }),
    );
    const drawer = within(await screen.findByRole('dialog'));
    for (const text of [
      'Getränkekontor Hansa ships today',
      'Between 8 and 10.',
      'Price list 2026',
      'Valid from May.',
    ]) {
      expectIsolated(drawer.getByText(text), text);
    }
    expect(drawer.getByRole('link', { name: /Getränkekontor/ })).toHaveTextContent('أُنشئ قبل يومين');
    expect(drawer.getByRole('link', { name: /Price list/ })).toHaveTextContent('أُنشئ قبل يوم واحد');
    expect(drawer.getByRole('link', { name: /Price list/ })).not.toHaveTextContent('(1)');
  });

  it('a read notification is greyed by its colour alone, never by a lower opacity', async () => {
    const user = userEvent.setup();
    renderPortal({ api: catalogueApi({ notifications: async () => notifications }) });
    await user.click(await screen.findByRole('button', { name: /^الإشعارات/ }, { timeout: 60_000 }));
    const read = within(await screen.findByRole('dialog')).getByRole('link', { name: /Price list/ });
    expect(read).toHaveClass('text-fg-muted');
    expect(read.className).not.toMatch(/opacity/);
  });
});

describe('"created N days ago" in Arabic', () => {
  it.each([
    [1, 'أُنشئ قبل يوم واحد'],
    [2, 'أُنشئ قبل يومين'],
    [3, 'أُنشئ قبل 3 أيام'],
    [5, 'أُنشئ قبل 5 أيام'],
  ])('%i days ago: %s', (days, text) => {
    render(<RelativeDate createdAt={daysAgo(days)} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    [0, 'أُنشئ اليوم'],
    [11, 'أُنشئ قبل 11 يومًا'],
    [100, 'أُنشئ قبل 100 يوم'],
    [103, 'أُنشئ قبل 103 أيام'],
  ])('the many and other forms: %i → %s', (count, text) => {
    expect(i18next.t('dates.createdDaysAgo', { count })).toBe(text);
  });
});
