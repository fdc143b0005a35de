import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';

const SECRET = 'a-shared-secret-of-at-least-32-characters';

describe('JWT_SECRET', () => {
  it('may be left out for one process on SQLite (a secret is generated into DATA_DIR)', () => {
    expect(readServerConfig({}).jwtSecret).toBeUndefined();
  });

  it('is required in production, naming the variable and why', () => {
    expect(() => readServerConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET.*NODE_ENV=production/);
    expect(readServerConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('is required on PostgreSQL, where several processes share one database', () => {
    const databaseUrl = 'postgres://portal@db.internal/portal';
    expect(() => readServerConfig({ DATABASE_URL: databaseUrl })).toThrow(/JWT_SECRET.*DATABASE_URL/);
    expect(readServerConfig({ DATABASE_URL: databaseUrl, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('is refused when shorter than 32 characters', () => {
    expect(() => readServerConfig({ JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET.*32/);
    expect(readServerConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });
});

describe('DEV_MAILBOX', () => {
  it('is off unless asked for', () => {
    expect(readServerConfig({}).devMailbox).toBe(false);
    expect(readServerConfig({ DEV_MAILBOX: '' }).devMailbox).toBe(false);
    expect(readServerConfig({ DEV_MAILBOX: '0' }).devMailbox).toBe(false);
    expect(readServerConfig({ DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(() => readServerConfig({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX/);
  });

  it('refuses to start together with SMTP_URL or in production', () => {
    expect(() => readServerConfig({ DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /DEV_MAILBOX.*SMTP_URL/,
    );
    expect(() => readServerConfig({ DEV_MAILBOX: '1', NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(
      /DEV_MAILBOX.*NODE_ENV=production/,
    );
  });
});
