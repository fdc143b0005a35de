import { test as base, expect, type Page } from '@playwright/test';

/**
 * SPEC.md point 7's table, written from the specification (not from the server's profile): method
 * and path under the API base, plus the query the table writes into the call.
 */
const TABLE: ReadonlyArray<readonly [string, RegExp, string?]> = [
  ['POST', /^\/token\/$/],
  ['POST', /^\/token\/refresh\/$/],
  ['POST', /^\/netb2b\/register\/$/],
  ['POST', /^\/change-password\/$/],
  ['DELETE', /^\/account-info\/$/],
  ['GET', /^\/netb2b\/cart-items\/$/, 'detailed=true'],
  ['POST', /^\/netb2b\/cart-items\/$/],
  ['PUT', /^\/netb2b\/cart-items\/\d+\/$/],
  ['DELETE', /^\/netb2b\/cart-items\/\d+\/$/],
  ['POST', /^\/netb2b\/orders\/$/],
  ['GET', /^\/netb2b\/orders\/$/],
  ['GET', /^\/netb2b\/products\/search\/$/, 'query='],
  ['GET', /^\/netb2b\/campaigns\/$/],
  ['GET', /^\/netb2b\/products\/featured\/$/],
  ['GET', /^\/netb2b\/products\/newest\/$/],
  ['GET', /^\/netb2b\/categories\/$/],
  ['GET', /^\/netb2b\/product-units\/$/],
  ['GET', /^\/netb2b\/deprecated_get-customer-currency\/$/],
  ['GET', /^\/baf\/configuration\/$/],
  ['GET', /^\/baf\/announcements\/$/],
  ['GET', /^\/baf\/languages\/$/],
  ['POST', /^\/baf\/update-language\/$/],
  ['GET', /^\/petekcore\/company-info\/$/],
  ['PUT', /^\/petekcore\/company-info\/$/],
  ['GET', /^\/petekcore\/customer-accounts\/$/],
];

/** The one call beyond the table the portal may make: asking whether the backend has more (it has not). */
const DISCOVERY = /^\/capabilities\/$/;

export interface ApiCall {
  method: string;
  /** the path under /api, with its query */
  call: string;
  status: number;
  /** what an error report sent (POST /errors/ is beyond the table): the lead to the screen that failed */
  report?: string;
}

const inTable = (method: string, path: string, query: string) =>
  TABLE.some(
    ([m, pattern, needs]) => m === method && pattern.test(path) && (!needs || query.includes(needs)),
  );

/**
 * Every journey records the portal's API calls and ends by checking that none went beyond the
 * table (the capability discovery aside) and none failed with a 5xx: a backend of the specification
 * has nothing else, so such a call is a screen that assumed more than the specification promises.
 */
export const test = base.extend<{ apiCalls: ApiCall[] }>({
  apiCalls: [
    async ({ page }, use) => {
      const calls: ApiCall[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/')) return;
        const method = response.request().method();
        const call = `${url.pathname.slice('/api'.length)}${url.search}`;
        calls.push({ method, call, status: response.status() });
      });
      // The API client streams request bodies, which the browser's protocol does not show: the
      // error reports' texts are kept in the tab (across reloads) instead.
      await page.addInitScript(() => {
        const original = window.fetch.bind(window);
        window.fetch = async (input, init) => {
          const request = new Request(input, init);
          if (new URL(request.url).pathname === '/api/errors/') {
            const reports = JSON.parse(sessionStorage.getItem('e2e.errorReports') ?? '[]') as string[];
            reports.push(await request.clone().text());
            sessionStorage.setItem('e2e.errorReports', JSON.stringify(reports));
          }
          return original(request);
        };
      });
      await use(calls);
      const reports = await page
        .evaluate(() => JSON.parse(sessionStorage.getItem('e2e.errorReports') ?? '[]') as string[])
        .catch(() => []);
      calls
        .filter((c) => c.call === '/errors/')
        .forEach((c, index) => {
          c.report = (reports[index] ?? '').slice(0, 400);
        });
      const beyond = calls.filter(({ method, call }) => {
        const [path = '', query = ''] = call.split('?');
        return !inTable(method, path, query) && !DISCOVERY.test(path);
      });
      expect(beyond, 'calls beyond SPEC point 7').toEqual([]);
      expect(
        calls.filter((c) => c.status >= 500),
        'server errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The main layout is up: the side menu's Home link. */
export async function expectMainLayout(page: Page) {
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
}
