import { expect, type Page, test } from '@playwright/test';
import { signInOnPhone } from './helpers';

// On a phone (390 px wide) every control a finger has to hit is at least 44 × 44 CSS px.
// Measured: links, buttons, inputs, selects, text areas, summaries and ARIA widgets (button, link, tab,
// checkbox, radio, switch, menuitem, option, combobox, spinbutton) that are visible. A checkbox or radio
// counts with its label when the label is the hit area (it wraps the box or points at it), since a tap
// on the label ticks it.
// Exempt, as WCAG 2.5.8 allows:
// - a link inside running text (a sentence with other words around the link): its size is set by the
//   line of text it sits in ("inline" exception);
// - elements that are not a target now: disabled ones, and visually hidden ones (the sr-only skip link
//   until it takes focus; a native input hidden under its custom-drawn label).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

const minimum = 44;

interface SmallTarget {
  element: string;
  width: number;
  height: number;
}

/** Every visible, enabled target under `scope` (the page when omitted) smaller than 44 × 44 px. */
async function smallTargets(page: Page, scope = 'body'): Promise<SmallTarget[]> {
  return page.locator(scope).evaluate((root, min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      ...[
        'button',
        'link',
        'tab',
        'checkbox',
        'radio',
        'switch',
        'menuitem',
        'menuitemradio',
        'option',
        'combobox',
        'spinbutton',
      ].map((role) => `[role="${role}"]`),
    ].join(',');

    const visuallyHidden = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return true;
      const box = element.getBoundingClientRect();
      return (
        box.width <= 1 || box.height <= 1 || style.clipPath.includes('inset(50%)') || style.clip !== 'auto'
      );
    };
    const hidden = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [inert], [hidden]')) return true;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return true;
      }
      return false;
    };

    /** An inline link with words of the same sentence beside it (text right next to it in its parent). */
    const inRunningText = (link: Element) => {
      if (link.tagName !== 'A' || getComputedStyle(link).display !== 'inline') return false;
      const parent = link.parentElement;
      if (!parent) return false;
      return Array.from(parent.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0,
      );
    };

    /** A tap on the label ticks the box: measure the label then. */
    const hitArea = (element: Element): DOMRect => {
      const box = element.getBoundingClientRect();
      if (!(element instanceof HTMLInputElement) || !['checkbox', 'radio'].includes(element.type)) return box;
      const label =
        element.closest('label') ??
        (element.id ? root.ownerDocument.querySelector(`label[for="${element.id}"]`) : null);
      if (!label) return box;
      const area = label.getBoundingClientRect();
      const left = Math.min(box.left, area.left);
      const top = Math.min(box.top, area.top);
      return new DOMRect(
        left,
        top,
        Math.max(box.right, area.right) - left,
        Math.max(box.bottom, area.bottom) - top,
      );
    };

    const label = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement ? (element.labels?.[0]?.textContent ?? element.name) : '') ??
        '';
      const text = (name || element.textContent || element.querySelector('img')?.alt || '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const role = element.getAttribute('role');
      const type = element instanceof HTMLInputElement ? `[type=${element.type}]` : '';
      return `${element.tagName.toLowerCase()}${type}${role ? `[role=${role}]` : ''} "${text}"`;
    };

    const small: { element: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    for (const element of root.querySelectorAll(selector)) {
      if (seen.has(element)) continue;
      seen.add(element);
      if (hidden(element)) continue;
      if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true')
        continue;
      const isBox =
        element instanceof HTMLInputElement &&
        ['checkbox', 'radio'].includes(element.type) &&
        element.labels?.length;
      if (visuallyHidden(element) && !isBox) continue;
      if (inRunningText(element)) continue;
      const area = hitArea(element);
      if (area.width + 0.5 < min || area.height + 0.5 < min)
        small.push({
          element: label(element),
          width: Math.round(area.width),
          height: Math.round(area.height),
        });
    }
    return small;
  }, minimum);
}

/** Waits until the screen has settled (its heading shown, no loading indicator). */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
}

test('signed out at 390 px: login, forgot password and registration have 44 px targets', async ({ page }) => {
  const found: Record<string, SmallTarget[]> = {};
  await page.goto('/');
  await expect(page.locator('input[name="username"]')).toBeVisible();
  found.login = await smallTargets(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await settled(page);
  found['forgot password'] = await smallTargets(page);
  await page.goto('/auth/register/');
  await settled(page);
  found.registration = await smallTargets(page);
  expect(Object.entries(found).filter(([, small]) => small.length > 0)).toEqual([]);
});

test('signed in at 390 px: the main screens, the menu and the cart have 44 px targets', async ({ page }) => {
  test.setTimeout(90_000);
  const found: Record<string, SmallTarget[]> = {};
  await signInOnPhone(page, 'buyer');
  await settled(page);
  found.home = await smallTargets(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  found.menu = await smallTargets(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const screens = [
    ['products', '/products/'],
    ['search results', '/products/?q=gouda'],
    ['campaigns', '/campaigns/'],
    ['catalog', '/catalog/'],
    ['orders', '/orders/'],
    ['favourites', '/favourites/'],
    ['documents', '/documents/'],
    ['settings', '/settings/'],
    ['settings, account', '/settings/account/'],
    ['settings, addresses', '/settings/addresses/'],
  ] as const;
  for (const [name, path] of screens) {
    await page.goto(path);
    await settled(page);
    found[name] = await smallTargets(page);
  }

  await page.goto('/products/');
  await settled(page);
  await page.getByRole('list', { name: 'Products' }).getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
  found['product dialog'] = await smallTargets(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/favourites/');
  await settled(page);
  await page.getByRole('main').getByRole('link', { name: 'Weekly order' }).first().click();
  await settled(page);
  found['favourite list'] = await smallTargets(page);

  await page.goto('/orders/');
  await settled(page);
  await page.getByRole('main').getByRole('link', { name: /\d/ }).first().click();
  await settled(page);
  // the contact person's phone link was 20 px high
  await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
  found['order detail'] = await smallTargets(page);

  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart.getByRole('heading').first()).toBeVisible();
  found['cart drawer'] = await smallTargets(page, '[role="dialog"]');

  expect(Object.entries(found).filter(([, small]) => small.length > 0)).toEqual([]);
});
