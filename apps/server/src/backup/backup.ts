// Issue #22: `npm run backup -- <dir>`. The database – pg_dump's custom format for PostgreSQL, in
// a snapshot exported by a transaction that also counts every table's rows, so the counts are the
// dump's; the embedded database's own dumpDataDir for PGlite (stop the instance first: PGlite's
// folder is one process's) – plus the documents when they live outside the database (folder or
// S3: copied into berkas/, each checked against its hash), and a manifest written last.
// Issue #30: the dump holds password hashes, TOTP secrets, the token signing secret and the
// identity provider's private key, so the folders are the owner's alone (0700) and so are the
// files (0600): modes given when each is made, and set again where something else made it.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { APP_VERSION } from '@portal/contract';
import pg from 'pg';
import type { Config } from '../config.js';
import { PGLITE_OPTIONS } from '../db/database.js';
import type { BerkasStore } from '../storage/berkas-store.js';
import { FolderBerkasStore } from '../storage/folder-berkas-store.js';
import { S3BerkasStore } from '../storage/s3-berkas-store.js';
import { BERKAS_DIR, describeFile, MANIFEST_FILE, MANIFEST_FORMAT, type Manifest } from './manifest.js';
import { postgresTool } from './tools.js';

export type Say = (line: string) => void;

/** Modes of a backup's folders and files: readable by the operator's account only. */
export const BACKUP_DIR_MODE = 0o700;
export const BACKUP_FILE_MODE = 0o600;

/** Runs a query and gives its rows (pg.Client and PGlite answer alike). */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Every table of the current schema with its row count, by name. */
export async function countTables(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const quoted = `"${String(name).replaceAll('"', '""')}"`;
    const [row] = await query(`SELECT count(*)::bigint AS n FROM ${quoted}`);
    counts[String(name)] = Number(row?.n ?? 0);
  }
  return counts;
}

export async function appliedMigrations(query: Query): Promise<string[]> {
  const rows = await query('SELECT name FROM kysely_migration ORDER BY name').catch(() => []);
  return rows.map((r) => String(r.name));
}

/** Runs a program to the end; its standard error in the message when it fails. */
export function run(program: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${path.basename(program)} keluar dengan kode ${code}: ${err.trim()}`)),
    );
  });
}

/** The store documents live in when it is not the database itself; null for PostgreSQL. */
export function outsideStore(config: Pick<Config, 'berkas' | 'filesDir'>): BerkasStore | null {
  if (config.berkas.kind === 'folder') return new FolderBerkasStore(config.filesDir);
  if (config.berkas.kind === 's3') return new S3BerkasStore(config.berkas.s3);
  return null;
}

/** Copies every document of the store into `<dir>/berkas`, checking each one's hash on the way. */
async function copyDocuments(store: BerkasStore, dir: string, say: Say): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for await (const sha256 of store.list()) {
    const stream = await store.open(sha256);
    if (!stream) throw new Error(`berkas ${sha256} terdaftar tetapi tidak dapat dibaca`);
    const folder = path.join(dir, BERKAS_DIR, sha256.slice(0, 2));
    await mkdir(folder, { recursive: true, mode: BACKUP_DIR_MODE });
    const target = path.join(folder, sha256);
    const hash = createHash('sha256');
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    await pipeline(stream, createWriteStream(target, { mode: BACKUP_FILE_MODE }));
    if (hash.digest('hex') !== sha256) throw new Error(`isi berkas ${sha256} tidak cocok dengan namanya (sha-256)`);
    count += 1;
    bytes += size;
    if (count % 1000 === 0) say(`  ${count.toLocaleString('id-ID')} berkas disalin`);
  }
  return { count, bytes };
}

interface DatabaseBackup {
  database: Manifest['database'];
  migrations: string[];
  tables: Record<string, number>;
  /** Documents kept in the database (berkas_isi): how many, how big. */
  inDatabase: { count: number; bytes: number };
}

async function backupPostgres(url: string, dir: string): Promise<DatabaseBackup> {
  const client = new pg.Client({ connectionString: url, application_name: 'portal-verifikasi-asn:cadangan' });
  await client.connect();
  try {
    // One snapshot for the counts and for pg_dump (--snapshot): the manifest says what the dump holds.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query('SELECT pg_export_snapshot() AS s')).rows[0].s as string;
    const query: Query = (text, params) => client.query(text, params).then((r) => r.rows);
    const tables = await countTables(query);
    const migrations = await appliedMigrations(query);
    const serverVersion = String((await query('SHOW server_version'))[0]?.server_version ?? '');
    const [stats] =
      'berkas_isi' in tables
        ? await query(
            'SELECT count(*) FILTER (WHERE bagian = 0)::bigint AS count, coalesce(sum(length(isi)), 0)::bigint AS bytes FROM berkas_isi',
          )
        : [{ count: 0, bytes: 0 }];
    const pgDump = postgresTool('pg_dump');
    const tool = (await run(pgDump, ['--version'])).trim();
    const file = path.join(dir, 'database.dump');
    await run(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`]);
    // pg_dump makes its file with the umask's mode.
    await chmod(file, BACKUP_FILE_MODE);
    await client.query('COMMIT');
    return {
      database: { kind: 'postgres', serverVersion, tool, file: 'database.dump' },
      migrations,
      tables,
      inDatabase: { count: Number(stats?.count ?? 0), bytes: Number(stats?.bytes ?? 0) },
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function backupPglite(dataDir: string, dir: string): Promise<DatabaseBackup> {
  const folder = path.resolve(dataDir, 'pglite');
  if (!existsSync(folder) || (await readdir(folder)).length === 0) {
    throw new Error(`basis data tertanam tidak ditemukan di ${folder}`);
  }
  const pglite = await PGlite.create(folder, PGLITE_OPTIONS);
  try {
    const query: Query = (text, params) => pglite.query<Record<string, unknown>>(text, params).then((r) => r.rows);
    const tables = await countTables(query);
    const migrations = await appliedMigrations(query);
    const serverVersion = String((await query('SHOW server_version'))[0]?.server_version ?? '');
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(path.join(dir, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()), {
      mode: BACKUP_FILE_MODE,
    });
    return {
      database: { kind: 'pglite', serverVersion, tool: 'PGlite dumpDataDir (gzip)', file: 'database.tar.gz' },
      migrations,
      tables,
      inDatabase: { count: 0, bytes: 0 },
    };
  } finally {
    await pglite.close();
  }
}

export async function backup(config: Config, dir: string, say: Say = () => {}): Promise<Manifest> {
  const target = path.resolve(dir);
  if (existsSync(target) && (await readdir(target)).length > 0) {
    throw new Error(`folder cadangan ${target} tidak kosong; pilih folder baru untuk setiap cadangan`);
  }
  await mkdir(target, { recursive: true, mode: BACKUP_DIR_MODE });
  // An empty folder that was there already keeps its mode unless told.
  await chmod(target, BACKUP_DIR_MODE);
  const createdAt = new Date().toISOString();
  try {
    say(`Mencadangkan basis data (${config.database.kind})…`);
    const db =
      config.database.kind === 'postgres'
        ? await backupPostgres(config.database.url, target)
        : await backupPglite(config.database.dataDir ?? './data', target);
    const store = outsideStore(config);
    let berkas: Manifest['berkas'];
    if (store) {
      say(`Menyalin berkas dari penyimpanan ${config.berkas.kind}…`);
      const copied = await copyDocuments(store, target, say);
      (store as { close?: () => void }).close?.();
      berkas = { store: config.berkas.kind, ...copied, folder: BERKAS_DIR };
    } else {
      berkas = { store: 'postgres', ...db.inDatabase, folder: null };
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt,
      app: { version: APP_VERSION, node: process.version },
      database: db.database,
      migrations: { applied: db.migrations, latest: db.migrations.at(-1) ?? null },
      tables: db.tables,
      berkas,
      files: [await describeFile(target, db.database.file)],
    };
    // Written last and renamed into place: a folder with a manifest is a whole backup.
    const partial = path.join(target, `${MANIFEST_FILE}.sebagian`);
    await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`, { mode: BACKUP_FILE_MODE });
    await rename(partial, path.join(target, MANIFEST_FILE));
    return manifest;
  } catch (error) {
    await rm(path.join(target, MANIFEST_FILE), { force: true });
    throw error;
  }
}
