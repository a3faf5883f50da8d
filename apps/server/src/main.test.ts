// Issue #17, the process as an operator starts it: it waits for a PostgreSQL that is not up yet
// (with a visible log line), gives up after DB_STARTUP_WAIT_SECONDS, and exits cleanly on SIGTERM.

import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, createCluster, freePort } from '../../../scripts/pg-cluster.mjs';
import { TEST_JWT_SECRET } from './test/test-app.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let cluster: Cluster;

beforeAll(async () => {
  cluster = await createCluster({ start: false });
}, 30_000);
afterAll(() => cluster?.destroy());

interface Running {
  child: ChildProcess;
  port: number;
  /** Resolves with the first log line containing `text`. */
  line(text: string): Promise<string>;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: cluster.url(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { text: string; resolve: (line: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const line = output.split('\n').find((l) => l.includes(waiter.text));
      if (line) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    port,
    exited,
    line: (text) =>
      new Promise((resolve, reject) => {
        const found = output.split('\n').find((l) => l.includes(text));
        if (found) return resolve(found);
        waiters.push({ text, resolve });
        void exited.then(() => reject(new Error(`exited before "${text}":\n${output}`)));
      }),
  };
}

describe('start-up and shutdown (issue #17)', () => {
  it('waits for a database that is not up yet, logging each attempt, then serves', async () => {
    const server = await startServer({ DB_STARTUP_WAIT_SECONDS: '60' });
    try {
      const waiting = await server.line('menunggu basis data');
      expect(JSON.parse(waiting)).toMatchObject({ level: 40, attempt: 1 });
      cluster.start();
      await server.line('Portal Verifikasi ASN siap');
      const ready = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`);
      expect(ready.status).toBe(200);
      // SIGTERM: not ready any more, requests in flight finished, exit 0.
      server.child.kill('SIGTERM');
      await server.line('menghentikan server');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      cluster.stop('fast');
    }
  }, 90_000);

  it('gives up after DB_STARTUP_WAIT_SECONDS with a clear message and exit code 1', async () => {
    const server = await startServer({ DB_STARTUP_WAIT_SECONDS: '1' });
    try {
      const fatal = await server.line('basis data tidak dapat dijangkau');
      expect(JSON.parse(fatal)).toMatchObject({ level: 60, waitedSeconds: 1 });
      expect(await server.exited).toBe(1);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);
});

/** The XSRF pair the SPA would send: a GET gives the cookie, the header repeats it. */
async function xsrfOf(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/health/live`);
  const cookie = res.headers.get('set-cookie')?.match(/XSRF-TOKEN=([^;]+)/)?.[1];
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return cookie;
}

/**
 * A sign-in whose body arrives only when `finish` is called: a request in flight for as long as
 * the test wants. Resolves `answer` with the status line the server sends back.
 */
async function slowSignIn(port: number) {
  const xsrf = await xsrfOf(port);
  const body = JSON.stringify({ username: 'belum.ada', password: 'Salah#2024' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve(received.split('\r\n')[0] ?? ''));
  });
  socket.write(
    [
      'POST /api/auth/login HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Cookie: XSRF-TOKEN=${xsrf}`,
      `X-XSRF-TOKEN: ${xsrf}`,
      'Connection: close',
      '',
      body.slice(0, 10),
    ].join('\r\n'),
  );
  return { answer, finish: () => socket.write(body.slice(10)), socket };
}

describe('draining on SIGTERM (issue #22)', () => {
  it('answers not-ready at once, finishes the request in flight, then exits 0', async () => {
    cluster.start();
    const server = await startServer({ SHUTDOWN_DELAY_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: '20' });
    try {
      await server.line('Portal Verifikasi ASN siap');
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      const inFlight = await slowSignIn(server.port);
      await server.line('"url":"/api/auth/login"'); // the server has it: in flight
      server.child.kill('SIGTERM');
      await server.line('menghentikan server');
      // During SHUTDOWN_DELAY_SECONDS: alive, not ready (a load balancer moves away), still serving.
      const ready = await fetch(`${base}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not-ready', draining: true, database: { reachable: true } });
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      // The request that was in flight gets its whole answer (a refused sign-in, from the database).
      inFlight.finish();
      expect(await inFlight.answer).toBe('HTTP/1.1 401 Unauthorized');
      await server.line('server berhenti');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      cluster.stop('fast');
    }
  }, 90_000);

  it('does not wait longer than SHUTDOWN_TIMEOUT_SECONDS for a request that never ends', async () => {
    cluster.start();
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    try {
      await server.line('Portal Verifikasi ASN siap');
      const stuck = await slowSignIn(server.port);
      await server.line('"url":"/api/auth/login"');
      server.child.kill('SIGTERM');
      const warned = await server.line('batas waktu berhenti tercapai');
      expect(JSON.parse(warned)).toMatchObject({ level: 40, timeoutSeconds: 1 });
      expect(await server.exited).toBe(1);
      stuck.socket.destroy();
    } finally {
      server.child.kill('SIGKILL');
      cluster.stop('fast');
    }
  }, 90_000);
});
