import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chartModel } from '../../src/studio/chart-model';
import { flowVersion } from '../../src/studio/flow-version';
import { catalogEntry } from '../../src/studio/machine-catalog';
import { captureState } from '../flows/capture';
import { screensManifest } from '../flows/screens-manifest';
import checkoutMap from '../flows/ui-maps/checkout';
import { registerFreshCompany } from './fresh-company';
import { addFromSearch, openCart, signInAs } from './helpers';

// A product owner reviews the checkout flow in the studio: the screen a customer sees while an order
// is on its way, the comparison with the version signed off before, and a sign-off of their own.

const owner = { username: 'owner', password: 'owner123' };
const ORDERS = '**/api/netb2b/orders/';
/** where the journeys' server keeps the screenshot runs (FLOW_SCREENS_DIR defaults to DATA_DIR/flow-screens) */
const screensDir = join(process.env.E2E_DATA_DIR ?? '', 'flow-screens');

function checkoutFacts() {
  const entry = catalogEntry('checkout');
  if (!entry) throw new Error('checkout is not in the catalog');
  const chart = chartModel(entry.machine);
  return { chart, version: flowVersion(chart) };
}

/** The owner's API headers: a token of their own and the page's CSRF cookie. */
async function ownerHeaders(page: Page) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const tokens = await page.request.post('/api/token/', { headers: { 'X-CSRFToken': csrf }, data: owner });
  expect(tokens.status()).toBe(200);
  const { access } = (await tokens.json()) as { access: string };
  return { Authorization: `Bearer ${access}`, 'X-CSRFToken': csrf };
}

/** The stored versions of checkout (npm run flows:snapshot), oldest first. */
function storedVersions(): { version: string; release: string }[] {
  const file = JSON.parse(readFileSync(join('docs', 'flows', 'versions', 'checkout.json'), 'utf8')) as {
    versions: { version: string; release: string }[];
  };
  return file.versions;
}

test('a product owner sees checkout’s submitting screen, compares with the signed-off version and signs off', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The screenshot run, for one state: a buyer's order on its way (its answer never comes).
  const { main } = await registerFreshCompany(page, 'studio-review');
  await signInAs(page, main);
  await addFromSearch(page, 'Ayran');
  await page.route(ORDERS, (route) => (route.request().method() === 'POST' ? undefined : route.fallback()));
  const drawer = await openCart(page);
  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  // submitting: the dialog waits for the order's answer, its buttons disabled
  await expect(confirm.getByRole('button', { name: 'Confirm order' })).toBeDisabled();
  process.env.FLOW_SCREENS_DIR = screensDir;
  await captureState(page, 'checkout', ['checkout.submitting.waiting']);
  const { chart, version } = checkoutFacts();
  // the compound state shows the screen of the state it starts in, as `npm run flows:screens` files it
  const shotOf = (state: string) => join(screensDir, 'checkout', version, state);
  mkdirSync(shotOf('checkout.submitting'), { recursive: true });
  copyFileSync(
    join(shotOf('checkout.submitting.waiting'), 'desktop-light-en.png'),
    join(shotOf('checkout.submitting'), 'desktop-light-en.png'),
  );
  const manifest = screensManifest({
    machine: 'checkout',
    version,
    takenAt: new Date().toISOString(),
    nodes: chart.nodes,
    screenless: checkoutMap.screenless,
    shots: {
      'checkout.submitting': ['desktop-light-en'],
      'checkout.submitting.waiting': ['desktop-light-en'],
    },
  });
  mkdirSync(join(screensDir, 'checkout', version), { recursive: true });
  writeFileSync(join(screensDir, 'checkout', version, 'manifest.json'), JSON.stringify(manifest));

  // An earlier review signed the oldest stored version off.
  const signedBefore = storedVersions()[0];
  if (!signedBefore) throw new Error('docs/flows/versions/checkout.json holds no version');
  const reviewer = await browser.newPage();
  await reviewer.goto('/');
  const headers = await ownerHeaders(reviewer);
  const earlier = await reviewer.request.post('/api/studio/sign-offs/', {
    headers,
    data: { machine: 'checkout', version: signedBefore.version, comment: 'Reviewed at the last release.' },
  });
  expect(earlier.status()).toBe(201);

  // The product owner opens checkout and chooses the state on the diagram.
  await signInAs(reviewer, owner);
  await reviewer.goto('/statecharts/checkout/');
  const submitting = reviewer.locator('[data-state-id="checkout.submitting"]');
  await expect(submitting).toBeAttached({ timeout: 30_000 });
  // by keyboard: the chart opens on its first states, and the canvas pans rather than scrolls
  await submitting.focus();
  await reviewer.keyboard.press('Enter');
  await expect(reviewer).toHaveURL(/\?state=checkout\.submitting$/);
  const shot = reviewer.getByRole('img', { name: /Screen of checkout in state checkout\.submitting/ });
  await expect(shot).toBeVisible();
  await expect(shot).toHaveJSProperty('complete', true);
  expect(await shot.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(300);

  // Compared with the signed-off version: the changes in words, or that nothing changed.
  const chooser = reviewer.getByRole('combobox', { name: 'Compare with' });
  const signedOption = chooser.locator('option', { hasText: /signed off by Petra Olsen/ });
  await chooser.selectOption({ label: (await signedOption.first().textContent()) ?? '' });
  await expect(
    reviewer.getByRole('heading', { name: `Changes since ${signedBefore.release}` }),
  ).toBeVisible();

  // … and signs the version as it is now off.
  await reviewer.getByRole('button', { name: 'Sign off this version' }).click();
  await reviewer
    .getByRole('textbox', { name: 'Comment' })
    .fill('Checked the submitting screen and the new states.');
  await reviewer.getByRole('button', { name: 'Sign off', exact: true }).click();
  await expect(reviewer.getByText('Signed off. It is now first in the history.')).toBeVisible();
  await expect(reviewer.getByText('This version is signed off.')).toBeVisible();
  const history = await reviewer.request.get('/api/studio/sign-offs/?machine=checkout', {
    headers,
  });
  const { sign_offs: signOffs } = (await history.json()) as {
    sign_offs: { version: string; comment: string }[];
  };
  const [latest] = signOffs;
  expect(latest).toMatchObject({ version, comment: 'Checked the submitting screen and the new states.' });
});
