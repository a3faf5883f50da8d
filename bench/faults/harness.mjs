// The fault harness's plumbing (issue #17, run.mjs): the database as the harness reads it, and the
// app process it starts, kills and waits for.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { root } from '../lib.mjs';

const JWT_SECRET = 'faults-secret-faults-secret-faults-secret-0123';
export const pause = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the database, seen from the harness: PostgreSQL over pg, or the PGlite folder opened directly
// (only while no server holds it).

export function postgresAccess(url) {
  return {
    async query(text, values) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

export function pgliteAccess(dataDir) {
  return {
    async query(text, values) {
      const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm, unaccent } });
      try {
        return (await db.query(text, values)).rows;
      } finally {
        await db.close();
      }
    },
  };
}

// ---- the app process

export async function startApp(port, env) {
  const child = execServer(port, env);
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await ok(`http://127.0.0.1:${port}/api/health/ready`)) return child;
    await pause(100);
  }
  throw new Error('server did not become ready in 120 s');
}

export function execServer(port, env) {
  return spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_LEVEL: 'error',
      JWT_SECRET,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      SESSION_CACHE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Sends `signal` and resolves when the app has exited — at once if it already has (an app that
 * died by itself during a fault is reported by the fault's row, not waited for forever).
 */
export function stopApp(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
}

export async function ok(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Milliseconds from now until `url` answers 2xx again (polled every 100 ms). */
export async function timeToAnswer(url) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (await ok(url)) return Date.now() - started;
    await pause(100);
  }
  return Number.POSITIVE_INFINITY;
}
