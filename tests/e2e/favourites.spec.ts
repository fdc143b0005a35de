import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { fillLogin } from './helpers';

// Favourite lists, as a daily buyer uses them. Each journey works in a company of its own.

async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await fillLogin(page, user.username, user.password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
}

async function createList(page: Page, name: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'Favourites' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Favourite lists' })).toBeVisible();
  const form = page.getByRole('region', { name: 'New list' });
  await form.getByRole('textbox', { name: 'List name' }).fill(name);
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('status').filter({ hasText: `List “${name}” created.` })).toBeVisible();
}

/** Opens the product from the header search and puts it on the list from the product dialog's menu. */
async function addFromSearchDialog(page: Page, stockCode: string, listName: string) {
  await page.getByRole('combobox', { name: 'Search products' }).first().fill(stockCode);
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: stockCode })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add to list' }).click();
  // checked once the server has it (a spinner shows meanwhile)
  const onList = page.getByRole('checkbox', { name: listName });
  await onList.click();
  await expect(onList).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'On a list' })).toBeVisible();
  // Escape closes the menu first (focus back on its button), then the dialog
  await page.keyboard.press('Escape');
  await expect(onList).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a buyer builds a list from the product list and the search, sets a quantity and adds the whole list to the cart, told what is out of stock', async ({
  page,
}) => {
  const company = await registerFreshCompany(page, 'fav');
  await signInAs(page, company.main);
  const listName = 'Monday delivery';
  await createList(page, listName);

  // one product straight from a row of the product list, two through the search and the product dialog
  await page.goto('/products/');
  const firstRow = page.getByRole('main').getByRole('button', { name: 'Add to list' }).first();
  await firstRow.click();
  await page.getByRole('checkbox', { name: listName }).click();
  await expect(page.getByRole('checkbox', { name: listName })).toBeChecked();
  await expect(page.getByRole('main').getByRole('button', { name: 'On a list' }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await addFromSearchDialog(page, 'DAI-00001', listName);
  // seeded with no stock (docs/api.md, demo data)
  await addFromSearchDialog(page, 'MEA-00005', listName);

  await page.getByRole('navigation').getByRole('link', { name: 'Favourites' }).first().click();
  await page.getByRole('link', { name: listName }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  const gouda = page.getByRole('textbox', { name: /^Quantity of Alpenhof Käse Gouda/ });
  const saved = page.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && answer.url().includes('/items/') && answer.ok(),
  );
  await gouda.fill('3');
  await saved;
  await expect(page.getByText('Out of stock')).toBeVisible();

  // after a reload the quantity is the one saved
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Quantity of Alpenhof Käse Gouda/ })).toHaveValue('3');

  await page.getByRole('button', { name: 'Add all to cart' }).click();
  const report = page.getByRole('region', { name: 'Added to the cart' });
  await expect(report.getByRole('status').filter({ hasText: 'added to the cart' })).toContainText(
    '2 products added to the cart.',
  );
  // the one line refused, with the supplier's substitutes offered under it (demo data)
  await expect(report.getByRole('listitem').filter({ hasText: /— out of stock/ })).toHaveText([
    /Sucuk Rind 250 g — out of stock/,
  ]);
  await expect(report.getByRole('button', { name: /^Take .+ instead$/ }).first()).toBeVisible();

  // the cart holds the two products, the Gouda with the list's quantity
  await page.getByRole('button', { name: /^Cart, 2 items$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(
    drawer.getByRole('listitem', { name: /Gouda/ }).getByRole('textbox', { name: /Quantity/ }),
  ).toHaveValue('3');
});

test('the main user shares a list; a colleague sees it read-only and can still order from it', async ({
  page,
  browser,
}) => {
  const company = await registerFreshCompany(page, 'share');
  await signInAs(page, company.main);
  const listName = 'Kitchen standard';
  await createList(page, listName);
  await page.goto('/products/');
  await page.getByRole('main').getByRole('button', { name: 'Add to list' }).first().click();
  await page.getByRole('checkbox', { name: listName }).click();
  await expect(page.getByRole('checkbox', { name: listName })).toBeChecked();
  await page.keyboard.press('Escape');
  await page.getByRole('navigation').getByRole('link', { name: 'Favourites' }).first().click();
  await page.getByRole('link', { name: listName }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  const shared = page.getByRole('switch', { name: 'Shared with the company' });
  await shared.click();
  await expect(shared).toBeChecked();

  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInAs(colleague, company.colleague);
  await colleague.getByRole('navigation').getByRole('link', { name: 'Favourites' }).first().click();
  const sharedLists = colleague.getByRole('region', { name: 'Shared by colleagues' });
  await sharedLists.getByRole('link', { name: listName }).click();
  await expect(colleague.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(colleague.getByText(/you can order from it but not change it/)).toBeVisible();
  await expect(colleague.getByRole('button', { name: 'Delete list' })).toHaveCount(0);
  await expect(colleague.getByRole('switch')).toHaveCount(0);
  await expect(colleague.getByRole('button', { name: 'Add all to cart' })).toBeVisible();
  await colleagueContext.close();
});
