import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { fillLogin } from './helpers';

// A weekly standing order as a buyer meets it: made from a favourite list, next week's delivery
// skipped, this week's quantity changed for this delivery only, then the supplier's scheduler runs
// (the dev hook, as of instants around the cut-off) and the delivery shows as an order the buyer
// can open. A company of its own, with one delivery address, keeps the demo accounts as they are.

const API = '/api/netb2b';
type User = { username: string; password: string };
type ProductAnswer = {
  id: number;
  name: string;
  quantity_in_stock: number | null;
  unit_amounts: { unit: number }[];
};
type OccurrenceAnswer = { delivery_date: string; cutoff_at: string; status: string; order_id: number | null };

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';

async function apiHeaders(page: Page, user: User) {
  const tokens = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': await csrfOf(page) },
    data: user,
  });
  expect(tokens.status()).toBe(200);
  const { access } = (await tokens.json()) as { access: string };
  return { Authorization: `Bearer ${access}`, 'X-CSRFToken': await csrfOf(page) };
}

/** Registration makes no delivery address; an order needs one. */
async function addDeliveryAddress(page: Page, headers: Record<string, string>) {
  const info = await page.request.get('/api/petekcore/company-info/', { headers });
  expect(info.status()).toBe(200);
  const { customer_type: _, ...body } = (await info.json()) as Record<string, unknown> & {
    delivery_addresses: unknown[];
  };
  const saved = await page.request.put('/api/petekcore/company-info/', {
    headers,
    data: {
      ...body,
      delivery_addresses: [
        ...body.delivery_addresses,
        {
          name: 'Probe kitchen',
          line1: 'Probestraße 1',
          line2: '',
          suburb: 'Altona',
          city: 'Hamburg',
          state: 'Hamburg',
          country: 'DE',
          postal_code: '22765',
          instructions: '',
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
}

const shifted = (instant: string, minutes: number) =>
  new Date(new Date(instant).getTime() + minutes * 60_000).toISOString();

test('a weekly standing order from a list: skip next week, change this week, see it placed', async ({
  page,
}) => {
  const company = await registerFreshCompany(page, 'standing');
  const headers = await apiHeaders(page, company.main);
  await addDeliveryAddress(page, headers);

  // two products sold by the piece (unit 1) with stock enough for the journey (the seed's stock is random)
  const stocked: ProductAnswer[] = [];
  for (let id = 1; id < 80 && stocked.length < 2; id += 1) {
    const answer = await page.request.get(`${API}/products/${id}/`, { headers });
    if (answer.status() !== 200) continue;
    const product = (await answer.json()) as ProductAnswer;
    const byThePiece = product.unit_amounts.some((amount) => amount.unit === 1);
    if (byThePiece && (product.quantity_in_stock ?? 0) >= 20) stocked.push(product);
  }
  const [bread, milk] = stocked;
  if (!bread || !milk) throw new Error('no two products with stock for the journey');
  const created = await page.request.post(`${API}/favourite-lists/`, {
    headers,
    data: {
      name: 'Kitchen basics',
      items: [
        { product: bread.id, quantity: '2', unit: 1 },
        { product: milk.id, quantity: '1', unit: 1 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id: listId } = (await created.json()) as { id: number };

  await page.goto('/');
  await fillLogin(page, company.main.username, company.main.password);
  await expect(page.getByRole('link', { name: 'Standing orders' }).first()).toBeVisible();
  await page.goto(`/favourites/${listId}/`);
  await page.getByRole('link', { name: 'Make a standing order' }).click();

  // a weekly order on the first day offered, starting with the first delivery offered
  await expect(page.getByRole('heading', { name: 'Make a standing order' })).toBeVisible();
  await page.getByLabel('Name').fill('Weekly basics');
  await page.getByRole('radio', { name: 'Every week' }).check();
  await page.getByRole('button', { name: 'Create standing order' }).click();

  await expect(page.getByRole('heading', { name: 'Weekly basics' })).toBeVisible();
  await expect(page).toHaveURL(/\/standing-orders\/\d+\/$/);
  const seriesId = Number(/standing-orders\/(\d+)\//.exec(page.url())?.[1]);
  const delivery = (index: number) => page.locator('li[aria-labelledby^="occurrence-"]').nth(index);
  await expect(delivery(0)).toBeVisible();
  await expect(delivery(3)).toBeVisible();

  // next week's delivery is skipped
  await delivery(1).getByRole('button', { name: 'Skip' }).click();
  await expect(delivery(1)).toContainText('Skipped: nothing is delivered this time.');

  // this week's delivery gets 5 of the first product, for this delivery only
  await delivery(0).getByRole('button', { name: 'Change this delivery' }).click();
  await delivery(0).getByLabel(bread.name).fill('5');
  await delivery(0).getByRole('button', { name: 'Save for this delivery only' }).click();
  await expect(delivery(0)).toContainText('Changed for this delivery only.');
  await expect(delivery(0).getByRole('listitem').filter({ hasText: bread.name })).toContainText('5 ×');

  // the scheduler drafts this week's delivery before its cut-off and places it at the cut-off
  const occurrences = await page.request.get(`${API}/standing-orders/${seriesId}/occurrences/`, { headers });
  expect(occurrences.status()).toBe(200);
  const { occurrences: list } = (await occurrences.json()) as { occurrences: OccurrenceAnswer[] };
  const first = list.find((one) => one.status === 'upcoming' || one.status === 'draft');
  if (!first) throw new Error('no open delivery to place');
  for (const now of [shifted(first.cutoff_at, -1), shifted(first.cutoff_at, 1)]) {
    const run = await page.request.post('/api/dev/standing-orders/run', {
      headers: { 'X-CSRFToken': await csrfOf(page) },
      data: { now },
    });
    expect(run.status()).toBe(200);
  }

  await page.reload();
  const placed = page.locator(`li[aria-labelledby="occurrence-${seriesId}-${first.delivery_date}"]`);
  await expect(placed).toContainText('Placed');
  const orderLink = placed.getByRole('link', { name: /Placed as order #\d+/ });
  await expect(orderLink).toBeVisible();
  // next week's delivery stays skipped
  await expect(page.getByText('Skipped: nothing is delivered this time.')).toBeVisible();

  await orderLink.click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByText(bread.name).first()).toBeVisible();
  await expect(page.getByText(milk.name).first()).toBeVisible();
});
