import { expect, test } from '@playwright/test';
import { statesOf } from '../../src/studio/chart-counts';
import { machineCatalog } from '../../src/studio/machine-catalog';
import { signIn } from './helpers';

// The statechart studio lists every machine, and each diagram draws every one of its states.

test('studio: every machine is listed and drawn with all of its states as SVG nodes', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner');
  await page.getByRole('navigation').getByRole('link', { name: 'Statecharts' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Machines' })).toBeVisible();
  for (const { name } of machineCatalog)
    await expect(page.getByRole('listitem', { name, exact: true })).toBeVisible();

  for (const { name, machine } of machineCatalog) {
    await page.goto(`/statecharts/${name}/`);
    const diagram = page.getByTestId('statechart-svg');
    await expect(diagram, name).toBeVisible();
    const expected = statesOf(machine)
      .map((node) => node.id)
      .sort();
    await expect
      .poll(
        async () =>
          (
            await diagram
              .locator('[data-state-id]')
              .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state-id') ?? ''))
          ).sort(),
        { message: name },
      )
      .toEqual(expected);
  }
});

test('studio: a customer without the flag has no studio', async ({ page }) => {
  await signIn(page, 'colleague');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Statecharts' })).toHaveCount(0);
  await page.goto('/statecharts/');
  await expect(page.getByRole('heading', { level: 1, name: 'Machines' })).toHaveCount(0);
});
