import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  purgeEmailChanges,
  purgeErrorReports,
  purgeMailOutbox,
  purgeOrderIdempotencyKeys,
  purgePasswordResets,
  purgeRefreshTokenFamilies,
  purgeThrottleEvents,
} from '../../server/maintenance/retention';
import { userIds } from '../../server/seed/accounts';
import { tokenPairWire } from '../../src/services/api/wire/auth';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const buyerId = userIds.buyer ?? 0;
const NOW = new Date('2031-03-15T12:00:00.000Z');
const DAY = 24 * 60 * 60_000;
/** an instant `days` before NOW (negative: after) */
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

async function family(label: string, { revoked, expires }: { revoked: string | null; expires: string }) {
  const id = `${label}-${randomUUID()}`;
  await db()
    .insertInto('refresh_token_families')
    .values({
      id,
      user_id: buyerId,
      current_jti: randomUUID(),
      created_at: ago(60),
      revoked_at: revoked,
      previous_jti: null,
      rotated_at: null,
      expires_at: expires,
    })
    .execute();
  return id;
}

const familyIds = async (ids: string[]) =>
  (await db().selectFrom('refresh_token_families').select('id').where('id', 'in', ids).execute())
    .map((row) => row.id)
    .sort();

describe('purgeRefreshTokenFamilies (30 days past revocation or expiry)', () => {
  it('deletes families revoked or run out more than 30 days ago and keeps the rest', async () => {
    const gone = [
      await family('revoked-31', { revoked: ago(31), expires: ago(25) }),
      await family('expired-31', { revoked: null, expires: ago(31) }),
    ];
    const kept = [
      await family('revoked-29', { revoked: ago(29), expires: ago(-5) }),
      await family('expired-29', { revoked: null, expires: ago(29) }),
      await family('live', { revoked: null, expires: ago(-7) }),
    ];
    expect(await purgeRefreshTokenFamilies(db(), NOW)).toBe(2);
    expect(await familyIds([...gone, ...kept])).toEqual([...kept].sort());
  });

  it('leaves a purged sign-in’s tokens refused, as for any ended session', async () => {
    const pair = await new TestClient(server.app).signIn('colleague', 'colleague123');
    const signOut = await new TestClient(server.app).postJson('/api/token/revoke/', {
      refresh: pair.refresh,
    });
    expect(signOut.status).toBe(204);
    const later = new Date(server.clock.now().getTime() + 31 * DAY);
    expect(await purgeRefreshTokenFamilies(db(), later)).toBeGreaterThanOrEqual(1);
    const refresh = await new TestClient(server.app).postJson('/api/token/refresh/', {
      refresh: pair.refresh,
    });
    expect(refresh.status).toBe(401);
    const fresh = tokenPairWire.parse(
      await (
        await new TestClient(server.app).postJson('/api/token/', {
          username: 'colleague',
          password: 'colleague123',
        })
      ).json(),
    );
    expect((await new TestClient(server.app).get('/api/account-info/', fresh.access)).status).toBe(200);
  });
});

describe('purgePasswordResets (1 day past use or expiry)', () => {
  it('deletes codes used or expired more than a day ago and keeps the rest', async () => {
    const code = async (email: string, used: string | null, expires: string) =>
      (
        await db()
          .insertInto('password_resets')
          .values({
            email,
            user_id: null,
            code_hash: 'x',
            created_at: ago(3),
            expires_at: expires,
            tries: 0,
            used_at: used,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const gone = [
      await code('used-2d@example.com', ago(2), ago(-1)),
      await code('expired-2d@example.com', null, ago(2)),
    ];
    const kept = [
      await code('used-12h@example.com', ago(0.5), ago(-1)),
      await code('expired-12h@example.com', null, ago(0.5)),
      await code('live@example.com', null, ago(-0.01)),
    ];
    expect(await purgePasswordResets(db(), NOW)).toBe(2);
    const left = await db()
      .selectFrom('password_resets')
      .select('id')
      .where('id', 'in', [...gone, ...kept])
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.id)).toEqual(kept);
  });
});

async function errorReport(createdAt: string) {
  return (
    await db()
      .insertInto('error_reports')
      .values({
        user_id: null,
        source: 'test',
        message: 'm',
        status: null,
        call: null,
        url: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const errorReportIds = async (ids: number[]) =>
  (await db().selectFrom('error_reports').select('id').where('id', 'in', ids).orderBy('id').execute()).map(
    (row) => row.id,
  );

describe('purgeErrorReports (90 days)', () => {
  it('deletes reports older than 90 days and keeps newer ones', async () => {
    const gone = [await errorReport(ago(91)), await errorReport(ago(400))];
    const kept = [await errorReport(ago(89)), await errorReport(ago(0))];
    expect(await purgeErrorReports(db(), NOW)).toBe(2);
    expect(await errorReportIds([...gone, ...kept])).toEqual(kept);
  });

  it('deletes a backlog larger than one batch, in several batches', async () => {
    const old = [];
    for (let i = 0; i < 7; i += 1) old.push(await errorReport(ago(100 + i)));
    expect(await purgeErrorReports(db(), NOW, { batchSize: 3 })).toBe(7);
    expect(await errorReportIds(old)).toEqual([]);
  });

  it('stops between batches when told to (the server is stopping)', async () => {
    const old = [];
    for (let i = 0; i < 5; i += 1) old.push(await errorReport(ago(200 + i)));
    expect(await purgeErrorReports(db(), NOW, { batchSize: 2, keepGoing: () => false })).toBe(2);
    expect(await errorReportIds(old)).toHaveLength(3);
    expect(await purgeErrorReports(db(), NOW, { batchSize: 2 })).toBe(3);
  });

  it('lets two processes purge at once: each row is deleted once, none is left', async () => {
    const old = [];
    for (let i = 0; i < 6; i += 1) old.push(await errorReport(ago(120 + i)));
    const counts = await Promise.all([
      purgeErrorReports(db(), NOW, { batchSize: 2 }),
      purgeErrorReports(db(), NOW, { batchSize: 2 }),
    ]);
    expect(counts[0] + counts[1]).toBe(6);
    expect(await errorReportIds(old)).toEqual([]);
  });
});

describe('purgeOrderIdempotencyKeys (7 days)', () => {
  it('deletes keys older than 7 days and keeps newer ones and every order', async () => {
    const { company_id } = await db()
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', buyerId)
      .executeTakeFirstOrThrow();
    const { id: orderId } = await db()
      .insertInto('orders')
      .values({
        company_id,
        user_id: buyerId,
        total: '10.00',
        created_at: ago(8),
        is_finalized: 1,
        finalized_at: ago(8),
        expected_delivery_date: '2031-03-01',
        is_preorder: 0,
        customer_note: '',
        subtotal: null,
        discount_amount: null,
        tax: null,
        deposit_total: null,
        total_without_tax: null,
        price_basis: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = async (name: string, createdAt: string) =>
      db()
        .insertInto('order_idempotency_keys')
        .values({
          user_id: buyerId,
          key: name,
          request_hash: 'h',
          order_id: orderId,
          created_at: createdAt,
        })
        .execute();
    await key('old-8d', ago(8));
    await key('old-30d', ago(30));
    await key('recent-6d', ago(6));
    await key('recent-1h', ago(1 / 24));

    expect(await purgeOrderIdempotencyKeys(db(), NOW)).toBe(2);
    const left = await db()
      .selectFrom('order_idempotency_keys')
      .select('key')
      .where('order_id', '=', orderId)
      .orderBy('key')
      .execute();
    expect(left.map((row) => row.key)).toEqual(['recent-1h', 'recent-6d']);
    const order = await db().selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
    expect(order).toEqual({ id: orderId });
  });
});

describe('purgeThrottleEvents (1 day)', () => {
  it('deletes throttle events older than a day and keeps newer ones', async () => {
    const event = async (id: string, at: string) =>
      db()
        .insertInto('throttle_events')
        .values({ id, bucket: 'retention-test', kind: 'failure', at, origin: null })
        .execute();
    await event(`old-${randomUUID()}`, ago(1.5));
    await event(`old-${randomUUID()}`, ago(30));
    const kept = [`recent-${randomUUID()}`, `recent-${randomUUID()}`];
    await event(kept[0] ?? '', ago(0.9));
    await event(kept[1] ?? '', ago(0));
    // sign-ins elsewhere in this file may have left events of their own before NOW
    expect(await purgeThrottleEvents(db(), NOW)).toBeGreaterThanOrEqual(2);
    const left = await db()
      .selectFrom('throttle_events')
      .select('id')
      .where('bucket', '=', 'retention-test')
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([...kept].sort());
  });
});

describe('purgeEmailChanges (1 day past the code’s expiry)', () => {
  it('deletes changes whose code expired more than a day ago and keeps the rest', async () => {
    const change = (userId: number, expires: string) =>
      db()
        .insertInto('email_changes')
        .values({
          user_id: userId,
          email: `new-${userId}@retention.example`,
          code_hash: 'x',
          created_at: ago(3),
          expires_at: expires,
          tries: 0,
          requests: 1,
          requests_since: ago(3),
        })
        .execute();
    const colleagueId = userIds.colleague ?? 0;
    await change(buyerId, ago(1.5));
    await change(colleagueId, ago(0.5));
    expect(await purgeEmailChanges(db(), NOW)).toBe(1);
    const left = await db().selectFrom('email_changes').select('user_id').execute();
    expect(left.map((row) => row.user_id)).toEqual([colleagueId]);
  });
});

describe('purgeMailOutbox (30 days)', () => {
  it('deletes mails older than 30 days, sent or not, and keeps newer ones', async () => {
    const mail = (subject: string, created: string, sent: string | null) =>
      db()
        .insertInto('mail_outbox')
        .values({
          recipient: 'a@retention.example',
          subject,
          body_text: 'code 123456',
          language: 'en',
          created_at: created,
          sent_at: sent,
          send_error: null,
        })
        .execute();
    await mail('retention-old-sent', ago(31), ago(31));
    await mail('retention-old-unsent', ago(40), null);
    await mail('retention-recent', ago(29), null);
    expect(await purgeMailOutbox(db(), NOW)).toBeGreaterThanOrEqual(2);
    const left = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('subject', 'like', 'retention-%')
      .execute();
    expect(left.map((row) => row.subject)).toEqual(['retention-recent']);
  });
});
