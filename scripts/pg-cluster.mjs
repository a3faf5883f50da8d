// A throw-away PostgreSQL cluster of its own (issue #17): Debian's initdb and pg_ctl, a free port
// on 127.0.0.1 and a temporary directory — never the machine's shared cluster — so fault tests
// and the fault harness can restart it, kill it hard and terminate its backends.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Debian keeps the server's programs per version; the newest installed one is used. */
function binDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) throw new Error('PostgreSQL server programs not found (apt-get install postgresql)');
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return path.join(base, versions[0], 'bin');
}

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates and starts a cluster (trust authentication for `root`, as on the machine's own). The
 * programs refuse to run as root, so they run as `postgres` when we are root.
 */
export async function createCluster({ start = true } = {}) {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (program, args) => {
    const [cmd, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} ${args.join(' ')}: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  run('initdb', ['-D', data, '-U', 'root', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=32MB`;
  const cluster = {
    port,
    dir,
    url: (database = 'postgres') => `postgres://root@127.0.0.1:${port}/${database}`,
    start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    },
    /** `fast` ends sessions cleanly; `immediate` is a crash (recovery on the next start). */
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    restart() {
      run('pg_ctl', [
        '-D',
        data,
        '-o',
        options,
        '-l',
        path.join(dir, 'log'),
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        'restart',
      ]);
    },
    /** What a DBA does with pg_terminate_backend: every other client's connection ends. */
    async terminateBackends() {
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      const { rows } = await client.query(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      await client.end();
      return rows[0].n;
    },
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return cluster.url(name);
    },
    destroy() {
      try {
        cluster.stop('immediate');
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (start) cluster.start();
  return cluster;
}
