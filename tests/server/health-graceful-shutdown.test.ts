import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';

const root = resolve(__dirname, '../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Resolves with the output so far once it contains the text (rejects if the process ends first). */
function outputContaining(child: ChildProcess, text: string): Promise<string> {
  return new Promise((done, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) {
        child.stdout?.off('data', onData);
        done(output);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      fail(new Error(`the server ended (${code}) before printing "${text}":\n${output}`)),
    );
  });
}

function received(socket: Socket, text: string): Promise<string> {
  return new Promise((done) => {
    let data = '';
    const onData = (chunk: Buffer) => {
      data += chunk.toString();
      if (data.includes(text)) {
        socket.off('data', onData);
        done(data);
      }
    };
    socket.on('data', onData);
  });
}

const untilClosed = (socket: Socket) =>
  new Promise<string>((done) => {
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    socket.on('close', () => done(data));
  });

describe('graceful shutdown (server/main.ts)', () => {
  it('on SIGTERM refuses new connections, answers the request in flight, then exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));
    const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(distDir, { recursive: true, force: true }));
    let scratch: ScratchDatabase | undefined;
    if (process.env.DATABASE_URL) {
      scratch = await createScratchDatabase();
      await scratch.db.destroy();
      const dropped = scratch;
      cleanups.push(() => dropped.drop());
    }
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SEED_PRODUCTS: '20',
      DATABASE_URL: scratch && 'databaseUrl' in scratch.connection ? scratch.connection.databaseUrl : '',
      JWT_SECRET: 'graceful-shutdown-test-secret-0123456789',
    };
    // Node itself with tsx as its loader: the signal reaches the server with nobody in between (the
    // tsx binary relays signals to a child of its own, and under load it exited before relaying).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    await outputContaining(child, `http://localhost:${port}/`);

    // A sign-in whose body is still on its way. Expect: 100-continue makes the server confirm that
    // it has read the headers, so the request is in flight before the signal.
    const body = JSON.stringify({ username: 'buyer', password: 'buyer123' });
    const socket = connect(port, '127.0.0.1');
    const answer = untilClosed(socket);
    const continued = received(socket, '100 Continue');
    socket.write(
      `POST /api/token/ HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await continued;
    socket.write(body.slice(0, 10));

    const stopping = outputContaining(child, 'shutting down');
    child.kill('SIGTERM');
    await stopping;
    const refused = await new Promise<string>((done) => {
      const late = connect(port, '127.0.0.1');
      late.once('connect', () => {
        late.destroy();
        done('connected');
      });
      late.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    socket.write(body.slice(10));
    const response = await answer;
    expect(response).toMatch(/HTTP\/1\.1 200 OK[\s\S]*"access"/);
    expect(await exited).toBe(0);
  }, 60_000);
});
