// Issue #22: `npm run restore -- <dir>` into an EMPTY database (and document store) of the kind
// the backup was made from. Order: every checksum of the backup first (nothing is touched when
// one fails), then the database (pg_restore in one transaction; PGlite's loadDataDir), then the
// documents, then the proof – each table's rows as the manifest counted them, every document
// read back and hashed.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { PGLITE_OPTIONS } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import type { DB } from '../db/schema.js';
import type { BerkasStore } from '../storage/berkas-store.js';
import { PostgresBerkasStore } from '../storage/postgres-berkas-store.js';
import { countTables, outsideStore, type Query, run, type Say } from './backup.js';
import { backupDocuments, MANIFEST_FILE, MANIFEST_FORMAT, type Manifest, sha256OfFile } from './manifest.js';
import { postgresTool } from './tools.js';

export interface RestoreResult {
  tables: Record<string, number>;
  documents: number;
}

async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${file} tidak ada: bukan cadangan yang lengkap`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`format cadangan tidak dikenal: ${String(manifest.format)}`);
  return manifest;
}

/** Every file against its size and SHA-256, every document against its name; throws at the first. */
async function verifyBackup(dir: string, manifest: Manifest, say: Say): Promise<void> {
  for (const file of manifest.files) {
    const full = path.join(dir, file.path);
    if (!existsSync(full)) throw new Error(`berkas cadangan ${file.path} hilang`);
    if ((await stat(full)).size !== file.size || (await sha256OfFile(full)) !== file.sha256) {
      throw new Error(`checksum ${file.path} tidak cocok: cadangan rusak`);
    }
  }
  if (!manifest.berkas.folder) return;
  let count = 0;
  for await (const [sha256, file] of backupDocuments(dir)) {
    if ((await sha256OfFile(file)) !== sha256)
      throw new Error(`berkas ${sha256} rusak: isinya tidak cocok dengan namanya`);
    count += 1;
  }
  if (count !== manifest.berkas.count) {
    throw new Error(`cadangan memuat ${count} berkas, manifes menyebut ${manifest.berkas.count}`);
  }
  say(`Checksum cocok: ${manifest.files.length} berkas basis data, ${count} dokumen.`);
}

async function restorePostgres(
  url: string,
  dir: string,
  manifest: Manifest,
): Promise<Query & { end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: 'portal-verifikasi-asn:pemulihan' });
  await client.connect();
  const query = ((text: string, params?: unknown[]) => client.query(text, params).then((r) => r.rows)) as Query & {
    end(): Promise<void>;
  };
  query.end = () => client.end();
  const [existing] = await query(
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()`,
  );
  if (Number(existing?.n) > 0) {
    await client.end();
    throw new Error('basis data tujuan tidak kosong; pulihkan ke basis data baru yang kosong');
  }
  try {
    await run(postgresTool('pg_restore'), [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${url}`,
      path.join(dir, manifest.database.file),
    ]);
  } catch (error) {
    await client.end();
    throw error;
  }
  return query;
}

async function restorePglite(dataDir: string, dir: string, manifest: Manifest): Promise<PGlite> {
  const folder = path.resolve(dataDir, 'pglite');
  if (existsSync(folder) && (await readdir(folder)).length > 0) {
    throw new Error(`basis data tertanam tujuan ${folder} tidak kosong; pulihkan ke DATA_DIR yang kosong`);
  }
  const dump = new Blob([await readFile(path.join(dir, manifest.database.file))]);
  return PGlite.create(folder, { ...PGLITE_OPTIONS, loadDataDir: dump });
}

/** Hashes what the store gives back for a document. */
async function hashInStore(store: BerkasStore, sha256: string): Promise<string | undefined> {
  const stream = await store.open(sha256);
  if (!stream) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function restore(config: Config, dir: string, say: Say = () => {}): Promise<RestoreResult> {
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  if (manifest.database.kind !== config.database.kind) {
    throw new Error(
      `cadangan ini dari basis data ${manifest.database.kind}; konfigurasi sekarang ${config.database.kind} (DATABASE_URL)`,
    );
  }
  const unknown = manifest.migrations.applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new Error(`cadangan dari versi yang lebih baru (migrasi ${unknown.join(', ')}); pulihkan dengan versi itu`);
  }
  await verifyBackup(source, manifest, say);

  say(`Memulihkan basis data (${manifest.database.kind}, migrasi ${manifest.migrations.latest ?? '-'})…`);
  let query: Query;
  let close: () => Promise<void>;
  let db: Kysely<DB> | null = null;
  if (config.database.kind === 'postgres') {
    const restored = await restorePostgres(config.database.url, source, manifest);
    query = restored;
    const pool = new pg.Pool({ connectionString: config.database.url, max: 2 });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const kysely = db;
    close = async () => {
      await restored.end();
      await kysely.destroy();
    };
  } else {
    const pglite = await restorePglite(config.database.dataDir ?? './data', source, manifest);
    query = (text, params) => pglite.query<Record<string, unknown>>(text, params).then((r) => r.rows);
    close = () => pglite.close();
  }

  try {
    // The documents into the configured store (from the backup's folder), each read back.
    const store: BerkasStore | null = outsideStore(config) ?? (db ? new PostgresBerkasStore(db) : null);
    let documents = 0;
    if (manifest.berkas.folder) {
      if (!store) throw new Error('tidak ada penyimpanan berkas untuk dokumen cadangan');
      say(`Memulihkan ${manifest.berkas.count} dokumen ke penyimpanan ${config.berkas.kind}…`);
      for await (const [sha256, file] of backupDocuments(source)) {
        await store.putFile(file, sha256);
        if ((await hashInStore(store, sha256)) !== sha256) throw new Error(`dokumen ${sha256} tidak terbaca utuh`);
        documents += 1;
      }
    } else if (store && config.berkas.kind === 'postgres') {
      // Documents came back inside the database: each one's parts hashed together, in it.
      const bad = await query(
        `SELECT sha256 FROM berkas_isi GROUP BY sha256
          HAVING encode(sha256(string_agg(isi, ''::bytea ORDER BY bagian)), 'hex') <> sha256 LIMIT 5`,
      );
      if (bad.length > 0) throw new Error(`dokumen rusak setelah pemulihan: ${bad.map((r) => r.sha256).join(', ')}`);
      const [row] = await query('SELECT count(*)::int AS n FROM berkas_isi WHERE bagian = 0');
      documents = Number(row?.n ?? 0);
      if (documents !== manifest.berkas.count) {
        throw new Error(`${documents} dokumen dipulihkan, manifes menyebut ${manifest.berkas.count}`);
      }
    } else {
      say(
        'Dokumen cadangan ada di basis data (berkas_isi) tetapi BERKAS_STORE bukan postgres: pulihkan dengan BERKAS_STORE=postgres.',
      );
    }
    (store as { close?: () => void } | null)?.close?.();

    // Each table as the manifest counted it (berkas_isi only when the documents were in it then).
    const tables = await countTables(query);
    const differ = Object.entries(manifest.tables)
      .filter(([name]) => name !== 'berkas_isi' || manifest.berkas.store === 'postgres')
      .filter(([name, count]) => tables[name] !== count)
      .map(([name, count]) => `${name}: ${tables[name] ?? 'tidak ada'} (cadangan ${count})`);
    if (differ.length > 0) throw new Error(`jumlah baris tidak cocok: ${differ.join('; ')}`);
    say(`Selesai: ${Object.keys(tables).length} tabel dengan jumlah baris sesuai manifes, ${documents} dokumen utuh.`);
    return { tables, documents };
  } finally {
    await close();
  }
}
