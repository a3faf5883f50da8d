// Issue #33: files the document store holds for a while and then deletes – a list export until it
// expires (export/job.ts), a large import's upload until its check ends (impor/cek.ts). The store
// keeps equal bytes once, so a file is deleted only when nothing else of these holds its hash.

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BerkasStore } from '../../storage/berkas-store.js';

/** Deletes the stored file unless an export or an upload still holds it; whether it was deleted. */
export async function hapusBilaTakDipakai(db: Kysely<DB>, files: BerkasStore, sha256: string): Promise<boolean> {
  const [ekspor, unggahan] = await Promise.all([
    db.selectFrom('ekspor_job').where('berkas_sha256', '=', sha256).select('id').executeTakeFirst(),
    db.selectFrom('impor_cek').where('unggahan', '=', sha256).select('id').executeTakeFirst(),
  ]);
  if (ekspor || unggahan) return false;
  await files.hapus(sha256);
  return true;
}
