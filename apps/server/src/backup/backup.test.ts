// Issue #22: `npm run backup` then `npm run restore` as an operator runs them (the CLIs in child
// processes): a seeded database and its documents are backed up, restored into an empty database,
// and the restored one has every table's rows and every document, byte for byte. A damaged backup
// and a non-empty target are refused. The embedded database with the folder store always; the
// PostgreSQL one (pg_dump / pg_restore, documents in the database) when DATABASE_URL is set, in
// databases of its own created and dropped here. Issue #30: the backup holds every secret of the
// portal, so its folders are 0700 and its files 0600 (the operator's account alone).

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { DB } from '../db/schema.js';
import { seedAccounts } from '../db/seed/accounts.js';
import { seedApplicants } from '../db/seed/applicants.js';
import { seedSanggah } from '../db/seed/sanggah.js';
import type { BerkasStore } from '../storage/berkas-store.js';
import { sha256Of } from '../storage/berkas-store.js';
import { FolderBerkasStore } from '../storage/folder-berkas-store.js';
import { PostgresBerkasStore } from '../storage/postgres-berkas-store.js';
import { countTables, type Query } from './backup.js';
import type { Manifest } from './manifest.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const execFileAsync = promisify(execFile);
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run backup|restore -- <dir>` the way the package script does; exit code and output. */
async function cli(command: 'backup' | 'restore', dir: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', `src/${command}-cli.ts`, dir],
      { cwd: serverDir, env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** Seeds accounts, applicants with their documents, and objections with their evidence. */
async function seed(db: Kysely<DB>, files: BerkasStore): Promise<void> {
  await migrate(db);
  await seedAccounts(db);
  await seedApplicants(db, files, {
    seed: 11,
    withDocuments: true,
    blocks: [
      { instansiId: 8, track: 'cpns', applicants: 12 },
      { instansiId: 3, track: 'nakes', applicants: 6 },
    ],
  });
  await seedSanggah(db);
}

/** Every document of a store, hashed from what it gives back. */
async function documentHashes(store: BerkasStore): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for await (const sha256 of store.list()) {
    const stream = await store.open(sha256);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    hashes.set(sha256, sha256Of(Buffer.concat(chunks)));
  }
  return hashes;
}

/** Every folder and file of a backup whose mode is not the owner's alone (0700 / 0600). */
function opened(dir: string): string[] {
  const wrong: string[] = [];
  const mode = (p: string) => statSync(p).mode & 0o777;
  if (mode(dir) !== 0o700) wrong.push(`${dir} ${mode(dir).toString(8)}`);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const want = entry.isDirectory() ? 0o700 : 0o600;
    if (mode(full) !== want) wrong.push(`${path.relative(dir, full)} ${mode(full).toString(8)}`);
  }
  return wrong;
}

const pgliteQuery =
  (pglite: PGlite): Query =>
  (text, params) =>
    pglite.query<Record<string, unknown>>(text, params).then((r) => r.rows);

describe('backup and restore of the embedded database with the folder store', () => {
  it('restores every table and every document into an empty DATA_DIR', async () => {
    const dataDir = tempDir('asal');
    const pglite = await PGlite.create(path.join(dataDir, 'pglite'), PGLITE_OPTIONS);
    const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
    const files = new FolderBerkasStore(path.join(dataDir, 'berkas'));
    await seed(db, files);
    const counts = await countTables(pgliteQuery(pglite));
    const documents = await documentHashes(files);
    await pglite.close();
    expect(counts.pelamar).toBe(18);
    expect(documents.size).toBeGreaterThan(5);

    // An empty folder made beforehand, open to everyone, as `mkdir` with the usual umask makes it.
    const backupDir = path.join(tempDir('cadangan'), 'hari-ini');
    mkdirSync(backupDir, { mode: 0o755 });
    const backedUp = await cli('backup', backupDir, { DATA_DIR: dataDir });
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(opened(backupDir)).toEqual([]);
    expect(readdirSync(path.join(backupDir, 'berkas')).length).toBeGreaterThan(0);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({
      database: { kind: 'pglite', file: 'database.tar.gz' },
      tables: counts,
      berkas: { store: 'folder', count: documents.size, folder: 'berkas' },
    });
    expect(manifest.migrations.latest).toBe(manifest.migrations.applied.at(-1));
    expect(manifest.files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const targetDir = tempDir('tujuan');
    const restored = await cli('restore', backupDir, { DATA_DIR: targetDir });
    expect(restored.code, restored.output).toBe(0);
    const copy = await PGlite.create(path.join(targetDir, 'pglite'), PGLITE_OPTIONS);
    try {
      expect(await countTables(pgliteQuery(copy))).toEqual(counts);
    } finally {
      await copy.close();
    }
    expect(await documentHashes(new FolderBerkasStore(path.join(targetDir, 'berkas')))).toEqual(documents);

    // Restoring again over it is refused: the target is not empty.
    const again = await cli('restore', backupDir, { DATA_DIR: targetDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('tidak kosong');

    // A damaged backup is refused before anything is touched.
    const dump = path.join(backupDir, 'database.tar.gz');
    const bytes = readFileSync(dump);
    const middle = bytes.length >> 1;
    bytes.writeUInt8((bytes.readUInt8(middle) ^ 0xff) & 0xff, middle);
    writeFileSync(dump, bytes);
    const fresh = tempDir('tujuan-rusak');
    const damaged = await cli('restore', backupDir, { DATA_DIR: fresh });
    expect(damaged.code).toBe(1);
    expect(damaged.output).toContain('checksum database.tar.gz tidak cocok');
  }, 480_000);
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('backup and restore of PostgreSQL with the documents in it', () => {
  const created: string[] = [];
  const admin = () => new pg.Client({ connectionString: url });
  const databaseUrl = (name: string) => {
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    return u.toString();
  };
  async function createDatabase(): Promise<string> {
    const name = `portal_cadangan_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    created.push(name);
    return name;
  }
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  async function open(name: string) {
    const pool = new pg.Pool({ connectionString: databaseUrl(name), max: 3 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const query: Query = (text, params) => pool.query(text, params as unknown[]).then((r) => r.rows);
    return { db, query, close: () => db.destroy() };
  }

  it('restores every table and every document into an empty database', async () => {
    const source = await createDatabase();
    const original = await open(source);
    await seed(original.db, new PostgresBerkasStore(original.db));
    const counts = await countTables(original.query);
    const documents = await documentHashes(new PostgresBerkasStore(original.db));
    await original.close();
    expect(counts.pelamar).toBe(18);
    expect(documents.size).toBeGreaterThan(5);

    const backupDir = path.join(tempDir('cadangan-pg'), 'malam-ini');
    const backedUp = await cli('backup', backupDir, { DATABASE_URL: databaseUrl(source) });
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(opened(backupDir)).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({
      database: { kind: 'postgres', file: 'database.dump' },
      tables: counts,
      berkas: { store: 'postgres', count: documents.size, folder: null },
    });
    expect(manifest.database.tool).toContain('pg_dump');

    const target = await createDatabase();
    const restored = await cli('restore', backupDir, { DATABASE_URL: databaseUrl(target) });
    expect(restored.code, restored.output).toBe(0);
    const copy = await open(target);
    try {
      expect(await countTables(copy.query)).toEqual(counts);
      expect(await documentHashes(new PostgresBerkasStore(copy.db))).toEqual(documents);
    } finally {
      await copy.close();
    }

    const again = await cli('restore', backupDir, { DATABASE_URL: databaseUrl(target) });
    expect(again.code).toBe(1);
    expect(again.output).toContain('tidak kosong');
  }, 480_000);
});
