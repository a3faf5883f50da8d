// Issue #34: the demo's blind second verifications, so that every figure of Mutu Verifikasi has
// data and a second verifier has work: 40 of Kemenkum's CPNS decisions of verifikator.cpns verified
// again by verifikator.2fa (one in eight differing: 35 agree, 5 do not), and three of its waiting
// applicants decided by verifikator.cpns and held for the second verification. Chosen by id, so the
// same demo every time.

import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.js';

const KEMENKUM = 3;
const PASANGAN = 40;
const MENUNGGU = 3;

export async function seedVerifikasiKedua(db: Kysely<DB>): Promise<{ pasangan: number; menunggu: number }> {
  const users = await db
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where('username', 'in', ['verifikator.cpns', 'verifikator.2fa'])
    .execute();
  const pertama = users.find((u) => u.username === 'verifikator.cpns')?.id;
  const kedua = users.find((u) => u.username === 'verifikator.2fa')?.id;
  if (pertama === undefined || kedua === undefined) return { pasangan: 0, menunggu: 0 };
  // Once: a demo started again keeps the second verifications it has.
  const ada = await db.selectFrom('verifikasi_kedua').select('pelamar_id').where('pertama_oleh', '=', pertama).limit(1);
  if (await ada.executeTakeFirst()) return { pasangan: 0, menunggu: 0 };

  // The pairs: the decision as it stands is the first; the second agrees but for every eighth.
  const pairs = await sql`
    WITH dipilih AS (
      SELECT p.*, row_number() OVER (ORDER BY p.id) AS n FROM pelamar p
      WHERE p.instansi_id = ${KEMENKUM} AND p.track = 'cpns' AND p.verifikator_id = ${pertama}
        AND p.status_verifikasi IN ('MS', 'TMS')
        AND NOT EXISTS (SELECT 1 FROM verifikasi_kedua k WHERE k.pelamar_id = p.id)
      ORDER BY p.id LIMIT ${PASANGAN}
    ),
    dibuat AS (
      INSERT INTO verifikasi_kedua (pelamar_id, instansi_id, track, pertama_oleh, pertama_hasil, pertama_alasan,
        pertama_catatan, pertama_cek, pertama_at, kedua_oleh, kedua_hasil, kedua_alasan, kedua_cek, kedua_at, sepakat)
      SELECT d.id, d.instansi_id, d.track, ${pertama}, d.status_verifikasi,
             CASE WHEN d.status_verifikasi = 'TMS' THEN coalesce(d.alasan_tms, '{}') ELSE '{}' END,
             d.catatan_verifikasi, coalesce(d.cek_dokumen, '[]'::jsonb), coalesce(d.tgl_verifikasi, now()),
             ${kedua}, h.hasil,
             CASE WHEN h.hasil = 'MS' THEN '{}'::text[]
                  WHEN d.status_verifikasi = 'TMS' THEN coalesce(d.alasan_tms, '{IPK}')
                  ELSE '{IPK}'::text[] END,
             '[]'::jsonb, coalesce(d.tgl_verifikasi, now()) + interval '2 hours', d.n % 8 <> 0
      FROM dipilih d
      CROSS JOIN LATERAL (SELECT CASE WHEN d.n % 8 = 0 THEN (CASE d.status_verifikasi WHEN 'MS' THEN 'TMS' ELSE 'MS' END)
                                      ELSE d.status_verifikasi END AS hasil) h
      RETURNING pelamar_id, sepakat, kedua_hasil, kedua_alasan, kedua_at
    ),
    ditandai AS (
      UPDATE pelamar p SET kedua_sepakat = d.sepakat FROM dibuat d WHERE p.id = d.pelamar_id
    ),
    terpilih AS (
      UPDATE keputusan_verifikasi k SET sampel_persen = 5, sampel_terpilih = true
      FROM dibuat d WHERE k.pelamar_id = d.pelamar_id AND NOT k.kedua
    )
    INSERT INTO keputusan_verifikasi (pelamar_id, instansi_id, track, verifikator_id, hasil, alasan_tms, klaim_at,
      diputus_at, sampel_persen, sampel_nilai, sampel_terpilih, kedua)
    SELECT d.pelamar_id, ${KEMENKUM}, 'cpns', ${kedua}, d.kedua_hasil, d.kedua_alasan,
           d.kedua_at - make_interval(secs => 90 + (d.pelamar_id * 7919) % 181), d.kedua_at, 0, 0, false, true
    FROM dibuat d`.execute(db);

  // Waiting for a second verifier: decided MS by verifikator.cpns, still waiting for everyone else.
  const held = await sql`
    WITH dipilih AS (
      SELECT p.id FROM pelamar p
      WHERE p.instansi_id = ${KEMENKUM} AND p.track = 'cpns' AND p.status_verifikasi = 'BELUM'
        AND p.klaim_oleh IS NULL AND p.kedua_dari IS NULL
      ORDER BY p.id LIMIT ${MENUNGGU}
    ),
    dibuat AS (
      INSERT INTO verifikasi_kedua (pelamar_id, instansi_id, track, pertama_oleh, pertama_hasil, pertama_at)
      SELECT id, ${KEMENKUM}, 'cpns', ${pertama}, 'MS', now() - interval '1 hour' FROM dipilih
      RETURNING pelamar_id, pertama_at
    ),
    ditahan AS (
      UPDATE pelamar p SET kedua_dari = ${pertama}, version = p.version + 1 FROM dibuat d WHERE p.id = d.pelamar_id
    )
    INSERT INTO keputusan_verifikasi (pelamar_id, instansi_id, track, verifikator_id, hasil, alasan_tms, klaim_at,
      diputus_at, sampel_persen, sampel_nilai, sampel_terpilih)
    SELECT d.pelamar_id, ${KEMENKUM}, 'cpns', ${pertama}, 'MS', '{}', d.pertama_at - interval '3 minutes', d.pertama_at,
           5, 0, true
    FROM dibuat d`.execute(db);
  return { pasangan: Number(pairs.numAffectedRows ?? 0), menunggu: Number(held.numAffectedRows ?? 0) };
}
