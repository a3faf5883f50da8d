// The one place that chooses where documents live (issue #22), from the configuration: the
// folder for the embedded database, PostgreSQL when DATABASE_URL is set (so N instances share
// them with nothing more), or S3-compatible object storage when asked for.

import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import type { BerkasStore } from './berkas-store.js';
import { FolderBerkasStore } from './folder-berkas-store.js';
import { PostgresBerkasStore } from './postgres-berkas-store.js';
import { S3BerkasStore } from './s3-berkas-store.js';

export function openBerkasStore(config: Pick<Config, 'berkas' | 'filesDir'>, db: Kysely<DB>): BerkasStore {
  switch (config.berkas.kind) {
    case 'postgres':
      return new PostgresBerkasStore(db);
    case 's3':
      return new S3BerkasStore(config.berkas.s3);
    default:
      return new FolderBerkasStore(config.filesDir);
  }
}
