import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { addFromSearch, openCart, orderFromCart, signInAs } from './helpers';

// An order's life as the buyer follows it: the order placed in the portal reaches the supplier's ERP
// (the simulated one of `npm run erp:simulate`, started here at full speed, delivering the first
// line of each order one unit short), which confirms, ships, delivers and invoices it; the order
// page then shows each step with its time, the delivery note and the short line, and the bell
// announces the delivery and leads to the order.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Simulator {
  process: ChildProcess;
  output: () => string;
}

/** Starts the simulated ERP on a free port; resolves once it has registered its webhook endpoint. */
async function startSimulator(): Promise<Simulator> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/erp-simulate.ts',
      '--portal',
      `http://localhost:${process.env.E2E_PORT}`,
      '--port',
      '0',
      '--speed',
      'fast',
      '--short-line',
    ],
    {
      cwd: root,
      // the key it calls with is made on the journeys' own database, as beside `npm start`
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ERP simulator ready')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the ERP simulator exited (${code}):\n${output}`)));
  });
  await ready;
  return { process: child, output: () => output };
}

/** Ctrl-C: it retires its endpoint, revokes its key and exits 0. */
async function stopSimulator(simulator: Simulator): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => simulator.process.once('exit', resolve));
  simulator.process.kill('SIGINT');
  return exited;
}

/** The order's suborder states as the buyer's API answers them. */
async function suborderStates(page: Page, user: { username: string; password: string }, orderId: number) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const tokens = await page.request.post('/api/token/', { headers: { 'X-CSRFToken': csrf }, data: user });
  const { access } = (await tokens.json()) as { access: string };
  const order = await page.request.get(`/api/netb2b/orders/${orderId}/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  return ((await order.json()) as { suborders: { status: string }[] }).suborders.map(
    (suborder) => suborder.status,
  );
}

test('the ERP confirms, ships and delivers an order one line short; the buyer follows it on the order page and in the bell', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const simulator = await startSimulator();
  try {
    const { main } = await registerFreshCompany(page, 'erplife');
    await signInAs(page, main);
    await addFromSearch(page, 'Ayran', '3');
    const orderId = await orderFromCart(page, await openCart(page));

    // the simulated ERP walks the suborder to its end: invoiced
    await expect.poll(() => suborderStates(page, main, orderId), { timeout: 60_000 }).toEqual(['invoiced']);

    await page.goto(`/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    const progress = page.getByRole('list', { name: 'Progress' });
    for (const step of ['Received', 'Confirmed', 'Picking', 'Shipped', 'Delivered', 'Invoiced'])
      await expect(progress.getByRole('listitem').filter({ hasText: step }).locator('time')).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toContainText('Invoiced');
    await expect(page.getByText(/^LS-\d+$/)).toBeVisible();
    // the first line arrived one unit short
    await expect(page.getByText('2 of 3 delivered')).toBeVisible();
    await expect(page.getByText('1 line arrived short')).toBeVisible();

    // the bell announces the delivery with the short line; the notification opens the order
    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const delivered = drawer.getByRole('link', {
      name: new RegExp(`Order ${orderId}: delivered, 1 line short`),
    });
    await expect(delivered).toBeVisible();
    await delivered.click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  } finally {
    const code = await stopSimulator(simulator);
    expect(simulator.output()).toMatch(/webhook endpoint \d+ retired/);
    expect(code).toBe(0);
  }
});
