import { describe, expect, it } from 'vitest';
import { createPortalApi } from '../../src/services/api';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';
import { fakeTokenPair } from '../../src/test/jwt';

/** A signed-in API whose delivery-calendar call is answered with `answer`. */
async function signedIn(answer: () => Response) {
  const fake = createFakeFetch((request) =>
    new URL(request.url).pathname === '/api/token/' ? jsonResponse(fakeTokenPair()) : answer(),
  );
  const api = createPortalApi({
    apiBase: 'http://portal.test/api',
    fetch: fake.fetch,
    getLanguage: () => 'en',
  });
  await api.login({ username: 'buyer', password: 'buyer123' });
  return { api, fake };
}

const answer = {
  calendar: {
    time_zone: 'Europe/Berlin',
    routes: [
      { id: 1, name: 'Altona', weekdays: [2, 4], cutoff: { days_before: 1, time: '18:00' }, lead_days: 0 },
    ],
    warehouses: [],
    closures: [{ date: '2026-12-25', kind: 'publicHoliday', name: 'Christmas Day', region: 'DE-HH' }],
    addresses: [{ id: 2, route_id: 1, region: 'DE-HH' }],
  },
};

describe('deliveryCalendar()', () => {
  it("asks the company's calendar and answers it in the domain's terms", async () => {
    const { api, fake } = await signedIn(() => jsonResponse(answer));
    await expect(api.deliveryCalendar()).resolves.toEqual({
      timeZone: 'Europe/Berlin',
      routes: [
        { id: 1, name: 'Altona', weekdays: [2, 4], cutoff: { daysBefore: 1, time: '18:00' }, leadDays: 0 },
      ],
      warehouses: [],
      closures: [{ date: '2026-12-25', kind: 'publicHoliday', name: 'Christmas Day', region: 'DE-HH' }],
      addresses: [{ id: 2, routeId: 1, region: 'DE-HH' }],
    });
    expect(fake.requests.at(-1)?.url).toBe('http://portal.test/api/netb2b/delivery-calendar/');
  });

  it('answers null when the specification’s date rule holds for the company', async () => {
    const { api } = await signedIn(() => jsonResponse({ calendar: null }));
    await expect(api.deliveryCalendar()).resolves.toBeNull();
  });

  it('fails as a missing call on a backend without the calendar', async () => {
    const { api } = await signedIn(() => jsonResponse({ detail: 'Not implemented' }, { status: 501 }));
    await expect(api.deliveryCalendar()).rejects.toMatchObject({ status: 501 });
  });
});
