import { expect, type Page, test } from '@playwright/test';
import { fillLogin } from './helpers';

// Simulating checkout from the cart to a placed order highlights each state in turn.
// The owner account reviews flows (can_review_flows).

const highlighted = (page: Page, stateId: string) =>
  page.locator(`[data-state-id="${stateId}"][data-active="true"]`).first();

/** A date the checkout takes: past its minimum (today + 7 days), in the browser's calendar. */
async function validDeliveryDate(page: Page) {
  return page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 10);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
}

async function send(page: Page, type: string, payload?: object) {
  if (payload) {
    const editor = page.getByRole('textbox', { name: `Payload of ${type} (JSON)` });
    if (!(await editor.isVisible()))
      await page.getByRole('button', { name: `Edit the payload of ${type}` }).click();
    await editor.fill(JSON.stringify({ type, ...payload }, null, 2));
  }
  await page.getByRole('button', { name: type, exact: true }).click();
}

async function expectState(page: Page, state: string) {
  await expect(page.getByTestId('simulated-state')).toHaveText(state);
  await expect(highlighted(page, `checkout.${state}`)).toBeVisible();
}

test('simulating checkout from the cart to a placed order highlights each state in turn', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await fillLogin(page, 'owner', 'owner123');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await page.goto('/statecharts/checkout/simulate/');
  await expect(page.getByRole('heading', { level: 1, name: 'Simulate checkout' })).toBeVisible();
  await expectState(page, 'form.editing');
  // nothing in the cart yet: the submit is there but a guard refuses it
  await expect(page.getByRole('button', { name: 'checkout.submitted', exact: true })).toBeDisabled();

  await send(page, 'checkout.itemsChanged', { items: [{ product: 7, quantity: '2', unit: 1 }] });
  await send(page, 'checkout.dateChanged', { date: await validDeliveryDate(page) });
  await expectState(page, 'form.editing');
  await send(page, 'checkout.submitted');
  await expectState(page, 'previewing');
  await expect(highlighted(page, 'checkout.form.editing')).toHaveCount(0);

  await page.getByRole('button', { name: 'Done: previewOrder' }).click();
  await expectState(page, 'confirming');
  if (process.env.STUDIO_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.STUDIO_SCREENSHOTS}/simulate-checkout-light.png`,
      fullPage: true,
    });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({
      path: `${process.env.STUDIO_SCREENSHOTS}/simulate-checkout-dark.png`,
      fullPage: true,
    });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
  }

  await send(page, 'checkout.confirmed');
  await expectState(page, 'submitting.waiting');
  await page.getByRole('textbox', { name: 'Output of placeOrder (JSON)' }).fill('4711');
  await page.getByRole('button', { name: 'Done: placeOrder' }).click();
  await expectState(page, 'succeeded');
  await expect(page.getByRole('list', { name: 'Context' })).toContainText('orderId: 4711');

  // back a step returns to the call in flight; the history is numbered in order
  await page.getByRole('button', { name: 'Back a step' }).click();
  await expectState(page, 'submitting.waiting');
  const history = page.getByRole('region', { name: 'Events so far' }).getByRole('listitem');
  await expect(history).toHaveCount(5);
  await expect(history.nth(3)).toContainText('xstate.done.actor.previewOrder');
  if (process.env.STUDIO_SCREENSHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: `${process.env.STUDIO_SCREENSHOTS}/simulate-checkout-390.png`,
      fullPage: true,
    });
  }
});
