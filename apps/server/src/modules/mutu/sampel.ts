// Issue #34: the sample of the blind second verification. The national operator sets a rate per
// track (sampel_verifikasi, default SAMPEL_PERSEN_BAWAAN); when a verifier saves a final MS/TMS,
// the decision is recorded (keputusan_verifikasi), drawn against the rate then in force.
//
// The draw is the applicant's own number in [0, 1): an HMAC of its id under a key of the
// installation (app_secret, never sent to anyone), so a verifier cannot tell which applicants will
// be checked again, while anyone holding the key can reproduce the whole sample from the ids and
// the recorded rates. The same applicant always draws the same number: a decision made again after
// a return is drawn as the first one was, unless the rate changed.

import { createHmac } from 'node:crypto';
import { SAMPEL_PERSEN_BAWAAN, type SampelVerifikasi, TRACK_IDS, type TrackId } from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { getOrCreateSecret } from '../../db/secrets.js';
import { type Actor, recordAudit } from '../audit/audit.js';

/** The name of the draw's key in app_secret. */
export const KUNCI_UNDIAN = 'undian-sampel-verifikasi';

/** An applicant's draw in [0, 1) under `kunci` (53 bits of HMAC-SHA256, uniformly spread). */
export function undian(kunci: string, pelamarId: number): number {
  const digest = createHmac('sha256', kunci).update(`sampel:${pelamarId}`).digest();
  return Number(digest.readBigUInt64BE(0) >> 11n) / 2 ** 53;
}

/** Whether a draw falls in a sample of `persen` per cent (0: never; 100: always). */
export const terpilih = (nilai: number, persen: number): boolean => nilai * 100 < persen;

const kunciPer = new WeakMap<Kysely<DB>, Promise<string>>();

/** The installation's key (made once, shared by every instance through the database). */
export function kunciUndian(db: Kysely<DB>): Promise<string> {
  let kunci = kunciPer.get(db);
  if (!kunci) {
    kunci = getOrCreateSecret(db, KUNCI_UNDIAN);
    kunci.catch(() => kunciPer.delete(db));
    kunciPer.set(db, kunci);
  }
  return kunci;
}

/** A verifier's final decision, as it is saved. */
export interface Keputusan {
  pelamarId: number;
  instansiId: number;
  track: TrackId;
  verifikatorId: number;
  hasil: 'MS' | 'TMS';
  alasanTms: readonly string[];
  /** When the verifier claimed the applicant (null: a decision returned to them, not a claim). */
  klaimAt: Date | null;
}

/**
 * Records a verifier's final decision in its transaction, drawn for the sample against the rate in
 * force for its track: the applicant's number, the rate and the outcome kept with it. Returns
 * whether it was drawn.
 */
export async function catatKeputusan(trx: Transaction<DB>, kunci: string, keputusan: Keputusan): Promise<boolean> {
  const nilai = undian(kunci, keputusan.pelamarId);
  // One statement, the rate read in it: the decision's transaction waits for one round trip more.
  const { rows } = await sql<{ terpilih: boolean }>`
    INSERT INTO keputusan_verifikasi (pelamar_id, instansi_id, track, verifikator_id, hasil, alasan_tms, klaim_at,
      sampel_persen, sampel_nilai, sampel_terpilih)
    SELECT ${keputusan.pelamarId}, ${keputusan.instansiId}, ${keputusan.track}, ${keputusan.verifikatorId},
           ${keputusan.hasil}, ${sql.val([...keputusan.alasanTms])}::text[], ${keputusan.klaimAt}::timestamptz,
           r.persen, ${nilai}::float8, ${nilai}::float8 * 100 < r.persen
    FROM (SELECT coalesce((SELECT persen FROM sampel_verifikasi WHERE track = ${keputusan.track}),
                          ${SAMPEL_PERSEN_BAWAAN}) AS persen) r
    RETURNING sampel_terpilih AS terpilih`.execute(trx);
  return rows[0]?.terpilih ?? false;
}

/** The supervisor's review of the decision it reviewed: the applicant's latest. */
export async function catatSupervisi(
  trx: Transaction<DB>,
  pelamarId: number,
  supervisi: 'DISETUJUI' | 'DIKEMBALIKAN',
): Promise<void> {
  await sql`UPDATE keputusan_verifikasi SET supervisi = ${supervisi}, supervisi_at = now()
    WHERE id = (SELECT id FROM keputusan_verifikasi WHERE pelamar_id = ${pelamarId} ORDER BY id DESC LIMIT 1)`.execute(
    trx,
  );
}

/** Every track's rate, in the tracks' order (a track never set shows the default). */
export async function daftarSampel(db: Kysely<DB>): Promise<SampelVerifikasi> {
  // Shown by name, as every screen shows a user (issue #32); the username is what was recorded.
  const rows = await db
    .selectFrom('sampel_verifikasi as s')
    .leftJoin('app_user as u', 'u.username', 's.diubah_oleh')
    .select(['s.track', 's.persen', 's.diubah_at', sql<string | null>`coalesce(u.fullname, s.diubah_oleh)`.as('oleh')])
    .execute();
  return TRACK_IDS.map((track) => {
    const row = rows.find((r) => r.track === track);
    return {
      track,
      persen: row ? Number(row.persen) : SAMPEL_PERSEN_BAWAAN,
      diubahAt: row?.diubah_at ? new Date(row.diubah_at).toISOString() : null,
      diubahOleh: row?.oleh ?? null,
    };
  });
}

/** Sets a track's rate, effective for the next decision saved; audited with the rate before. */
export async function ubahSampel(
  db: Kysely<DB>,
  actor: Actor,
  ubah: { track: TrackId; persen: number },
): Promise<SampelVerifikasi[number]> {
  const before = (await daftarSampel(db)).find((s) => s.track === ubah.track);
  await db
    .insertInto('sampel_verifikasi')
    .values({ track: ubah.track, persen: ubah.persen, diubah_at: sql<Date>`now()`, diubah_oleh: actor.username })
    .onConflict((oc) =>
      oc.column('track').doUpdateSet({ persen: ubah.persen, diubah_at: sql<Date>`now()`, diubah_oleh: actor.username }),
    )
    .execute();
  await recordAudit(db, {
    action: 'UBAH_SAMPEL_VERIFIKASI',
    actorId: actor.id,
    actorUsername: actor.username,
    entity: 'sampel_verifikasi',
    entityId: ubah.track,
    from: before ? `${before.persen}%` : null,
    to: `${ubah.persen}%`,
    details: { track: ubah.track },
  });
  const after = (await daftarSampel(db)).find((s) => s.track === ubah.track);
  if (!after) throw new Error(`track ${ubah.track} hilang`);
  return after;
}
