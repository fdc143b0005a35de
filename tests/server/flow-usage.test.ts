import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { capabilitiesWire } from '../../src/services/api/wire/capabilities';
import { flowUsageAnswerWire } from '../../src/services/api/wire/flow-usage-answer';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const REPORT = '/api/flow-usage/';
const STUDIO = '/api/studio/flow-usage/';
const DAY_MS = 24 * 60 * 60_000;
const SUBMIT = 'checkout.form.editing --checkout.submitted [canSubmit]--> checkout.submitting';
const FAIL = 'checkout.submitting --xstate.error.actor.submit--> checkout.submitFailed';

let server: TestServer;
let counting: ServerApp;

beforeAll(async () => {
  server = await startTestServer();
  counting = server.freshApp({ flowUsageCounts: true });
});
afterAll(() => server.close());

/** owner reviews flows (server/seed/accounts.ts), colleague does not; signed in now (the clock moves) */
const accessOf = async (user: 'owner' | 'colleague') =>
  (await new TestClient(counting).signIn(user, `${user}123`)).access;

const report = (body: unknown, address = '192.0.2.80', app = counting) =>
  new TestClient(app, address).send('POST', REPORT, body);

const counts = (machine: string, transition: string, count: number) => ({
  counts: [{ machine, transition, count }],
});

const usage = async (machine: string, days = 30) => {
  const response = await new TestClient(counting).get(
    `${STUDIO}?machine=${machine}&days=${days}`,
    await accessOf('owner'),
  );
  expect(response.status).toBe(200);
  return flowUsageAnswerWire.parse(await response.json());
};

describe('FLOW_USAGE_COUNTS off (the default)', () => {
  it('announces no flowUsage capability, and neither route exists', async () => {
    const capabilities = capabilitiesWire.parse(
      await (await server.app.request('/api/capabilities/')).json(),
    );
    expect(capabilities.capabilities).not.toContain('flowUsage');
    expect(capabilities.capabilities).toContain('studio');
    expect((await report(counts('checkout', SUBMIT, 1), '192.0.2.81', server.app)).status).toBe(404);
    const studio = await new TestClient(server.app).get(
      `${STUDIO}?machine=checkout`,
      await accessOf('owner'),
    );
    expect(studio.status).toBe(404);
  });
});

describe('POST /api/flow-usage/ with FLOW_USAGE_COUNTS=1', () => {
  it('announces flowUsage, adds counts to today (UTC) and answers 202 without a body', async () => {
    const capabilities = capabilitiesWire.parse(await (await counting.request('/api/capabilities/')).json());
    expect(capabilities.capabilities).toContain('flowUsage');

    const first = await report({
      counts: [
        { machine: 'checkout', transition: SUBMIT, count: 3 },
        { machine: 'checkout', transition: FAIL, count: 1 },
        // the same transition twice in one report adds up too
        { machine: 'checkout', transition: SUBMIT, count: 2 },
      ],
    });
    expect(first.status).toBe(202);
    expect(await first.text()).toBe('');
    expect((await report(counts('checkout', SUBMIT, 4))).status).toBe(202);

    const answer = await usage('checkout');
    const today = server.clock.now().toISOString().slice(0, 10);
    expect(answer.to).toBe(today);
    expect(answer.transitions).toEqual(
      [
        { transition: SUBMIT, total: 9, days: [{ day: today, count: 9 }] },
        { transition: FAIL, total: 1, days: [{ day: today, count: 1 }] },
      ].sort((a, b) => (a.transition < b.transition ? -1 : 1)),
    );
  });

  it('adds up reports that arrive together from many tabs and two processes', async () => {
    const apps = [counting, server.freshApp({ flowUsageCounts: true })];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        report(
          counts('cartLine', 'cartLine.idle --cartLine.changed--> cartLine.saving', 2),
          `192.0.2.${100 + i}`,
          apps[i % 2],
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 24 }, () => 202));
    const [entry] = (await usage('cartLine')).transitions;
    expect(entry?.total).toBe(48);
  });

  it('keeps each UTC day apart, and the studio asks for a number of days back from today', async () => {
    const transition = 'search.idle --search.typed--> search.debouncing';
    expect((await report(counts('search', transition, 5))).status).toBe(202);
    server.clock.advance(DAY_MS);
    expect((await report(counts('search', transition, 7))).status).toBe(202);
    const [both] = (await usage('search', 2)).transitions;
    expect(both?.total).toBe(12);
    expect(both?.days.map((day) => day.count)).toEqual([5, 7]);
    const [onlyToday] = (await usage('search', 1)).transitions;
    expect(onlyToday?.total).toBe(7);
  });

  it('refuses anything but counts: payloads, users, unknown fields, bad keys and sizes (400)', async () => {
    const refused = [
      { counts: [{ machine: 'checkout', transition: SUBMIT, count: 1, user: 'buyer' }] },
      { counts: [{ machine: 'checkout', transition: SUBMIT, count: 1 }], session: 'x' },
      counts('checkout', 'no arrow here', 1),
      counts('../checkout', SUBMIT, 1),
      counts('checkout', SUBMIT, 0),
      counts('checkout', SUBMIT, 1.5),
      counts('checkout', `${SUBMIT}\nsecond line`, 1),
      { counts: [] },
      {
        counts: Array.from({ length: 401 }, () => ({ machine: 'a', transition: 'a.b --e--> a.c', count: 1 })),
      },
    ];
    for (const body of refused) expect((await report(body, '192.0.2.90')).status).toBe(400);
    expect((await report('not json', '192.0.2.90')).status).toBe(400);
    const huge = { counts: [{ machine: 'checkout', transition: SUBMIT, count: 1 }], pad: 'x'.repeat(60_000) };
    expect((await report(huge, '192.0.2.90')).status).toBe(413);
  });

  it('needs the CSRF header like every unsafe call', async () => {
    const response = await counting.request(REPORT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(counts('checkout', SUBMIT, 1)),
    });
    expect(response.status).toBe(403);
  });

  it('limits reports per client address (429 with Retry-After), not other addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1)
      statuses.push(
        (
          await report(
            counts('reorder', 'reorder.idle --reorder.start--> reorder.adding', 1),
            '198.51.100.77',
          )
        ).status,
      );
    expect(statuses.slice(0, 60).every((status) => status === 202)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    const other = await report(
      counts('reorder', 'reorder.idle --reorder.start--> reorder.adding', 1),
      '198.51.100.78',
    );
    expect(other.status).toBe(202);
    const [entry] = (await usage('reorder')).transitions;
    expect(entry?.total).toBe(61);
  });
});

describe('GET /api/studio/flow-usage/', () => {
  it('is for flow reviewers only: 401 without a sign-in, 403 for another user', async () => {
    const anonymous = await new TestClient(counting).get(`${STUDIO}?machine=checkout`);
    expect(anonymous.status).toBe(401);
    const colleague = await new TestClient(counting).get(
      `${STUDIO}?machine=checkout`,
      await accessOf('colleague'),
    );
    expect(colleague.status).toBe(403);
  });

  it('answers a machine nobody used with no transitions, and refuses a malformed query (400)', async () => {
    expect((await usage('nobodyUsesThis')).transitions).toEqual([]);
    const owner = await accessOf('owner');
    for (const query of ['', '?machine=../x', '?machine=checkout&days=0', '?machine=checkout&days=abc'])
      expect((await new TestClient(counting).get(`${STUDIO}${query}`, owner)).status).toBe(400);
  });
});
