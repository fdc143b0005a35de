import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../server/mail/outbox';
import { TestClient } from './support/http-client';
import { refusedMainProcess, startMainProcess } from './support/main-process';
import { startTestServer, type TestServer } from './support/test-server';

const MAILBOX = '/dev/mailbox/messages.json';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await queueMail(
    server.database.db,
    { to: 'anna@example.org', subject: 'Your code', text: 'Code: 123456', language: 'en' },
    server.clock.now,
    undefined,
  );
});
afterAll(async () => {
  await server.close();
});

describe('the developer mailbox in the app', () => {
  it('is not there unless switched on, not even for this machine', async () => {
    const client = new TestClient(server.freshApp(), '127.0.0.1');
    for (const path of ['/dev/mailbox/', MAILBOX]) {
      const answer = await client.get(path);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('@');
    }
  });

  it('when switched on, answers connections from a loopback address', async () => {
    const app = server.freshApp({ devMailbox: true });
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const answer = await new TestClient(app, address).get(MAILBOX);
      expect({ address, status: answer.status }).toEqual({ address, status: 200 });
      expect(await answer.text()).toContain('anna@example.org');
    }
  });

  it('when switched on, answers 404 to any other peer, whatever X-Forwarded-For claims', async () => {
    const app = server.freshApp({ devMailbox: true, trustProxy: 1 });
    for (const address of ['192.0.2.10', '10.0.0.2', '::ffff:192.0.2.10', '2001:db8::1']) {
      const client = new TestClient(app, address);
      const plain = await client.get(MAILBOX);
      const forwarded = await client.request(MAILBOX, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
      expect({ address, plain: plain.status, forwarded: forwarded.status }).toEqual({
        address,
        plain: 404,
        forwarded: 404,
      });
      expect(await plain.text()).not.toContain('@');
    }
  });
});

/** what a server started the README way with `env` on top answers this machine at the mailbox */
async function mailboxOfStarted(env: NodeJS.ProcessEnv) {
  const main = await startMainProcess(env);
  try {
    const answer = await fetch(`http://127.0.0.1:${main.port}${MAILBOX}`);
    return { status: answer.status, body: await answer.text(), port: main.port, output: main.output() };
  } finally {
    await main.stop();
  }
}

describe('the developer mailbox of a started server (server/main.ts)', () => {
  it('started the README way, there is no mailbox and the output says where mails go', async () => {
    const { status, output } = await mailboxOfStarted({});
    expect(status).toBe(404);
    expect(output).toContain('outbox');
    expect(output).toContain('DEV_MAILBOX=1');
  }, 60_000);

  it('started with DEV_MAILBOX=1, this machine reads the mailbox', async () => {
    const { status, body, port, output } = await mailboxOfStarted({ DEV_MAILBOX: '1' });
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual([]);
    expect(output).toContain(`http://localhost:${port}/dev/mailbox/`);
  }, 60_000);

  it('refuses to start with DEV_MAILBOX=1 and SMTP_URL, naming both', async () => {
    const { code, output } = await refusedMainProcess({
      DEV_MAILBOX: '1',
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/DEV_MAILBOX.*SMTP_URL/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses to start in production without JWT_SECRET, naming the variable', async () => {
    const { code, output } = await refusedMainProcess({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toMatch(/JWT_SECRET/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);
});
