// Issue #34: the quality measures counted from the verifiers' decisions as they were saved
// (keputusan_verifikasi), in one instansi or nationally, one track, over a span of WIB days:
//   - per verifier: decisions, TMS among them, median seconds from claim to save, decisions the
//     supervisor reviewed and returned, and TMS overturned on objection (an accepted sanggah that
//     changed the status: the applicant's last decision before it was the verifier's TMS);
//   - per TMS reason: how often it was given, returned and overturned;
//   - per day: decisions, returned, median seconds.
//   - per verifier, their decisions verified again blind (verifikasi_kedua): agreement and Cohen's
//     kappa on MS/TMS (ukuran.ts), judged from PASANGAN_MINIMUM pairs.

import type { MutuVerifikasi, TrackId } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type Hasil, kesepakatan, type Putusan } from './ukuran.js';

export interface FilterMutu {
  track: TrackId;
  /** One instansi, or null for every instansi (the national monitors). */
  instansiId: number | null;
  /** First and last WIB day (YYYY-MM-DD), both included; null: unbounded. */
  dari: string | null;
  sampai: string | null;
  /** A national caller, shown the instansi it can narrow the view to. */
  nasional?: boolean;
}

export type LaporanMutu = MutuVerifikasi;
export type MutuVerifikator = MutuVerifikasi['verifikator'][number];

const hariWib = (column: string) => sql.raw(`(${column} AT TIME ZONE 'Asia/Jakarta')::date`);

/** The decisions of the filter: a subquery for the statements below. */
function keputusan(filter: FilterMutu) {
  return sql`SELECT * FROM keputusan_verifikasi
    WHERE track = ${filter.track}
      AND (${filter.instansiId}::int IS NULL OR instansi_id = ${filter.instansiId}::int)
      AND (${filter.dari}::date IS NULL OR ${hariWib('diputus_at')} >= ${filter.dari}::date)
      AND (${filter.sampai}::date IS NULL OR ${hariWib('diputus_at')} <= ${filter.sampai}::date)`;
}

/**
 * Each decision of the filter that an accepted objection overturned: the applicant's last decision
 * before the objection was answered, when it was TMS.
 */
function dibatalkan(filter: FilterMutu) {
  return sql`SELECT k.id FROM sanggah s
    CROSS JOIN LATERAL (
      SELECT id, hasil FROM keputusan_verifikasi k
      WHERE k.pelamar_id = s.pelamar_id AND k.diputus_at <= coalesce(s.dijawab_at, now())
      ORDER BY k.id DESC LIMIT 1) k
    WHERE s.status = 'DITERIMA' AND s.mengubah_status AND s.jenis = 'ADMINISTRASI' AND s.track = ${filter.track}
      AND (${filter.instansiId}::int IS NULL OR s.instansi_id = ${filter.instansiId}::int)
      AND k.hasil = 'TMS'`;
}

const detik = sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM k.diputus_at - k.klaim_at))
  FILTER (WHERE k.klaim_at IS NOT NULL)`;

const angka = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The pairs of the filter: a first decision (by its day) and its blind second one. */
function pasangan(db: Kysely<DB>, filter: FilterMutu) {
  return sql<{
    pertama_oleh: number;
    nama: string;
    pertama_hasil: Hasil;
    pertama_alasan: string[];
    kedua_hasil: Hasil;
    kedua_alasan: string[] | null;
  }>`
    SELECT k.pertama_oleh, u.fullname AS nama, k.pertama_hasil, k.pertama_alasan, k.kedua_hasil, k.kedua_alasan
    FROM verifikasi_kedua k JOIN app_user u ON u.id = k.pertama_oleh
    WHERE k.track = ${filter.track} AND k.kedua_hasil IS NOT NULL
      AND (${filter.instansiId}::int IS NULL OR k.instansi_id = ${filter.instansiId}::int)
      AND (${filter.dari}::date IS NULL OR ${hariWib('k.pertama_at')} >= ${filter.dari}::date)
      AND (${filter.sampai}::date IS NULL OR ${hariWib('k.pertama_at')} <= ${filter.sampai}::date)`.execute(db);
}

export async function laporanMutu(db: Kysely<DB>, filter: FilterMutu): Promise<LaporanMutu> {
  const [perVerifikator, perAlasan, perHari, pairs, instansi] = await Promise.all([
    sql<{
      verifikator_id: number;
      nama: string;
      keputusan: number;
      tms: number;
      median_detik: string | number | null;
      disupervisi: number;
      dikembalikan: number;
      dibatalkan: number;
    }>`
      WITH k AS (${keputusan(filter)}), batal AS (${dibatalkan(filter)})
      SELECT k.verifikator_id, u.fullname AS nama, count(*)::int AS keputusan,
             count(*) FILTER (WHERE k.hasil = 'TMS')::int AS tms,
             ${detik} AS median_detik,
             count(*) FILTER (WHERE k.supervisi IS NOT NULL)::int AS disupervisi,
             count(*) FILTER (WHERE k.supervisi = 'DIKEMBALIKAN')::int AS dikembalikan,
             count(*) FILTER (WHERE k.id IN (SELECT id FROM batal))::int AS dibatalkan
      FROM k JOIN app_user u ON u.id = k.verifikator_id
      GROUP BY k.verifikator_id, u.fullname
      ORDER BY u.fullname, k.verifikator_id`.execute(db),
    sql<{ alasan: string; dipakai: number; dikembalikan: number; dibatalkan: number }>`
      WITH k AS (${keputusan(filter)}), batal AS (${dibatalkan(filter)})
      SELECT a.alasan, count(*)::int AS dipakai,
             count(*) FILTER (WHERE k.supervisi = 'DIKEMBALIKAN')::int AS dikembalikan,
             count(*) FILTER (WHERE k.id IN (SELECT id FROM batal))::int AS dibatalkan
      FROM k CROSS JOIN LATERAL unnest(k.alasan_tms) AS a (alasan)
      WHERE k.hasil = 'TMS'
      GROUP BY a.alasan
      ORDER BY dipakai DESC, a.alasan`.execute(db),
    sql<{ hari: string; keputusan: number; dikembalikan: number; median_detik: string | number | null }>`
      WITH k AS (${keputusan(filter)})
      SELECT to_char(${hariWib('k.diputus_at')}, 'YYYY-MM-DD') AS hari, count(*)::int AS keputusan,
             count(*) FILTER (WHERE k.supervisi = 'DIKEMBALIKAN')::int AS dikembalikan,
             ${detik} AS median_detik
      FROM k GROUP BY 1 ORDER BY 1`.execute(db),
    pasangan(db, filter),
    // A national view names the instansi it can narrow to (each an index probe, not a scan).
    filter.nasional
      ? sql<{ id: number; nama: string }>`
          SELECT i.id, i.nama FROM instansi i
          WHERE EXISTS (SELECT 1 FROM keputusan_verifikasi k WHERE k.instansi_id = i.id AND k.track = ${filter.track})
          ORDER BY i.nama`
          .execute(db)
          .then((r) => r.rows)
      : null,
  ]);
  // Each verifier's pairs, as first verifier; a verifier checked in the span without deciding in
  // it still gets a row.
  const perPasangan = new Map<number, { nama: string; pasangan: [Putusan, Putusan][] }>();
  for (const p of pairs.rows) {
    const entry = perPasangan.get(p.pertama_oleh) ?? { nama: p.nama, pasangan: [] };
    entry.pasangan.push([
      { hasil: p.pertama_hasil, alasan: p.pertama_alasan },
      { hasil: p.kedua_hasil, alasan: p.kedua_alasan ?? [] },
    ]);
    perPasangan.set(p.pertama_oleh, entry);
  }
  const verifikator = perVerifikator.rows.map((r) => ({
    verifikatorId: r.verifikator_id,
    nama: r.nama,
    keputusan: r.keputusan,
    tms: r.tms,
    medianDetik: angka(r.median_detik),
    disupervisi: r.disupervisi,
    dikembalikan: r.dikembalikan,
    dibatalkanSanggah: r.dibatalkan,
  }));
  for (const [id, entry] of perPasangan) {
    if (!verifikator.some((v) => v.verifikatorId === id)) {
      verifikator.push({
        verifikatorId: id,
        nama: entry.nama,
        keputusan: 0,
        tms: 0,
        medianDetik: null,
        disupervisi: 0,
        dikembalikan: 0,
        dibatalkanSanggah: 0,
      });
    }
  }
  return {
    verifikator: verifikator.map((v) => {
      const ukuran = kesepakatan(perPasangan.get(v.verifikatorId)?.pasangan ?? []);
      return { ...v, pasangan: ukuran.n, kesepakatan: ukuran.kesepakatan, kappa: ukuran.kappa, cukup: ukuran.cukup };
    }),
    alasan: perAlasan.rows.map((r) => ({
      alasan: r.alasan,
      dipakai: r.dipakai,
      dikembalikan: r.dikembalikan,
      dibatalkanSanggah: r.dibatalkan,
    })),
    instansi,
    harian: perHari.rows.map((r) => ({
      hari: r.hari,
      keputusan: r.keputusan,
      dikembalikan: r.dikembalikan,
      medianDetik: angka(r.median_detik),
    })),
  };
}
