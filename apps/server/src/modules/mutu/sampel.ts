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
import { type Kysely, type QueryCreator, sql } from 'kysely';
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

/** The draw of a decision: the rate in force, the applicant's number, whether it fell inside. */
export interface Undian {
  persen: number;
  nilai: number;
  terpilih: boolean;
}

/** Draws an applicant against a rate (the rate read with the applicant's locked row). */
export function undi(kunci: string, pelamarId: number, persen: number): Undian {
  const nilai = undian(kunci, pelamarId);
  return { persen, nilai, terpilih: terpilih(nilai, persen) };
}

/**
 * A verifier's final decision recorded with its draw (`kedua`: a second verifier's, never drawn):
 * a CTE for the decision's own statement (guardedTransition's `tambahan`), so the save stays one
 * locked read and one write.
 */
export function catatKeputusan(keputusan: Keputusan, draw: Undian | 'kedua') {
  const kedua = draw === 'kedua';
  return (creator: QueryCreator<DB>): QueryCreator<DB> =>
    creator.with('keputusan_dicatat', (db) =>
      db.insertInto('keputusan_verifikasi').values({
        pelamar_id: keputusan.pelamarId,
        instansi_id: keputusan.instansiId,
        track: keputusan.track,
        verifikator_id: keputusan.verifikatorId,
        hasil: keputusan.hasil,
        alasan_tms: sql<string[]>`${sql.val([...keputusan.alasanTms])}::text[]`,
        klaim_at: keputusan.klaimAt,
        sampel_persen: kedua ? 0 : draw.persen,
        sampel_nilai: kedua ? 0 : draw.nilai,
        sampel_terpilih: kedua ? false : draw.terpilih,
        kedua,
      }),
    ) as unknown as QueryCreator<DB>;
}

/** A decision as the verifier sent it (the parts a second verification compares and shows). */
export interface KeputusanLengkap extends Keputusan {
  catatan: string | null;
  cekDokumen: unknown;
}

/** A sampled first decision held apart for the blind second verification (a CTE). */
export function tahanKeputusan(k: KeputusanLengkap) {
  return (creator: QueryCreator<DB>): QueryCreator<DB> =>
    creator.with('keputusan_ditahan', (db) =>
      db.insertInto('verifikasi_kedua').values({
        pelamar_id: k.pelamarId,
        instansi_id: k.instansiId,
        track: k.track,
        pertama_oleh: k.verifikatorId,
        pertama_hasil: k.hasil,
        pertama_alasan: sql<string[]>`${sql.val([...k.alasanTms])}::text[]`,
        pertama_catatan: k.catatan,
        pertama_cek: JSON.stringify(k.cekDokumen),
      }),
    ) as unknown as QueryCreator<DB>;
}

/** The second decision written beside the first, with whether they agree (a CTE). */
export function lengkapiKedua(k: KeputusanLengkap, sepakat: boolean) {
  return (creator: QueryCreator<DB>): QueryCreator<DB> =>
    creator.with('keputusan_kedua', (db) =>
      db
        .updateTable('verifikasi_kedua')
        .set({
          kedua_oleh: k.verifikatorId,
          kedua_hasil: k.hasil,
          kedua_alasan: sql<string[]>`${sql.val([...k.alasanTms])}::text[]`,
          kedua_catatan: k.catatan,
          kedua_cek: JSON.stringify(k.cekDokumen),
          kedua_at: sql<Date>`now()`,
          sepakat,
        })
        .where('pelamar_id', '=', k.pelamarId),
    ) as unknown as QueryCreator<DB>;
}

/** The supervisor's review recorded with the decision it reviewed (the applicant's latest). */
export function catatSupervisi(pelamarId: number, supervisi: 'DISETUJUI' | 'DIKEMBALIKAN') {
  return (creator: QueryCreator<DB>): QueryCreator<DB> =>
    creator.with('supervisi_dicatat', (db) =>
      db
        .updateTable('keputusan_verifikasi')
        .set({ supervisi, supervisi_at: sql<Date>`now()` })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('keputusan_verifikasi')
            .select('id')
            .where('pelamar_id', '=', pelamarId)
            .where('kedua', '=', false)
            .orderBy('id', 'desc')
            .limit(1),
        ),
    ) as unknown as QueryCreator<DB>;
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
