import { expect, type Page, test } from '@playwright/test';
import { flowUsageAnswerWire } from '../../src/services/api/wire/flow-usage-answer';
import { registerFreshCompany } from './fresh-company';
import { fillLogin, signInAs } from './helpers';

// The journeys' server counts customers' transitions (FLOW_USAGE_COUNTS=1, playwright.config.ts):
// a customer's tab reports what its machines did, and the product owner sees it on the diagram.

const owner = { username: 'owner', password: 'owner123' };
const REJECTED = 'session.inProgress --xstate.error.actor.login--> session.rejected';

async function ownerHeaders(page: Page) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const tokens = await page.request.post('/api/token/', { headers: { 'X-CSRFToken': csrf }, data: owner });
  expect(tokens.status()).toBe(200);
  const { access } = (await tokens.json()) as { access: string };
  return { Authorization: `Bearer ${access}` };
}

/** How often customers entered `session.rejected` from a sign-in, as the studio's API counts it. */
async function rejectedSignIns(page: Page, headers: Record<string, string>): Promise<number> {
  const response = await page.request.get('/api/studio/flow-usage/?machine=session&days=1', { headers });
  expect(response.status()).toBe(200);
  const answer = flowUsageAnswerWire.parse(await response.json());
  return answer.transitions.find(({ transition }) => transition.startsWith(REJECTED))?.total ?? 0;
}

test("a customer's failed sign-in reaches the studio's diagram as a count, drawn where customers fail", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { main } = await registerFreshCompany(page, 'usage');
  const ownerPage = await (await browser.newContext()).newPage();
  await ownerPage.goto('/');
  const headers = await ownerHeaders(ownerPage);
  const before = await rejectedSignIns(ownerPage, headers);

  // A customer mistypes the password once, then signs in.
  await page.goto('/');
  await fillLogin(page, main.username, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('No active account was found');
  await signInAs(page, main);
  // Leaving the page sends what the tab counted (pagehide, keepalive).
  await page.goto('about:blank');

  await expect.poll(() => rejectedSignIns(ownerPage, headers), { timeout: 30_000 }).toBeGreaterThan(before);

  // The product owner turns the coverage overlay on for the session flow.
  await signInAs(ownerPage, owner);
  await ownerPage.goto('/statecharts/session/');
  await ownerPage.getByRole('button', { name: 'Coverage' }).click();
  const legend = ownerPage.getByTestId('coverage-legend');
  await expect(legend).toContainText(/Customers, last 30 days: \d+ transitions? taken/);
  await expect(legend).toContainText('Into a failure: where customers fail most');
  await expect(ownerPage.locator('[data-mark="hot"]').first()).toBeAttached();
});
