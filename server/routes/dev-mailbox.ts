import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { listOutbox } from '../mail/outbox';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

type OutboxRow = Awaited<ReturnType<typeof listOutbox>>[number];

function mailboxPage(mails: readonly OutboxRow[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(mail.recipient)}</dd>
    <dt>Date</dt><dd><time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(mail.created_at)}</time></dd>
    <dt>Language</dt><dd>${escapeHtml(mail.language)}</dd>
    <dt>Delivery</dt><dd>${escapeHtml(mail.sent_at ? `sent ${mail.sent_at}` : mail.send_error ? `failed: ${mail.send_error}` : 'kept in the outbox')}</dd>
  </dl>
  <pre>${escapeHtml(mail.body_text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Developer mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1f2933; }
  article { border: 1px solid #cbd2d9; border-radius: 0.5rem; padding: 1rem; margin-block: 1rem; }
  h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 0.5rem; }
  dt { color: #616e7c; }
  dd { margin: 0; }
  pre { white-space: pre-wrap; background: #f5f7fa; padding: 0.75rem; border-radius: 0.25rem; margin: 0; }
</style>
</head>
<body>
<h1>Developer mailbox</h1>
<p>Mails the portal has written (newest first). Without <code>SMTP_URL</code> they are not sent anywhere.</p>
${mails.length ? items : '<p>No mails yet.</p>'}
</body>
</html>
`;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket reports ::ffff:127.0.0.1). */
function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** The TCP peer as @hono/node-server hands it over; undefined without a socket. */
function socketPeer(c: Context<AppEnv>): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * /dev/mailbox/: the outbox for developers and browser journeys (the password-reset code is read from
 * here). It shows every customer's reset codes, so it exists only when switched on (DEV_MAILBOX=1,
 * which config refuses with SMTP_URL and in production) and then only for connections from this
 * machine. The socket's peer decides, never X-Forwarded-For: anyone can write that header. Everyone
 * else gets the same 404 as for a path that does not exist.
 */
export function devMailboxRoutes({ db }: AppDeps, enabled: boolean) {
  const routes = new Hono<AppEnv>();
  routes.use('*', async (c, next) => {
    const peer = socketPeer(c);
    if (!enabled || peer === undefined || !isLoopbackAddress(peer))
      return c.json({ detail: 'Not found.', code: 'not_found' }, 404);
    c.header('Cache-Control', 'no-store');
    await next();
  });
  routes.get('/mailbox/', async (c) => c.html(mailboxPage(await listOutbox(db))));
  routes.get('/mailbox/messages.json', async (c) =>
    c.json(
      (await listOutbox(db)).map((mail) => ({
        id: mail.id,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body_text,
        created_at: mail.created_at,
      })),
    ),
  );
  routes.all('*', (c) => c.json({ detail: 'Not found.', code: 'not_found' }, 404));
  return routes;
}
