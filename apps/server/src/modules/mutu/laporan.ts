// Issue #34: the quality measures counted from the verifiers' decisions as they were saved
// (keputusan_verifikasi), in one instansi or nationally, one track, over a span of WIB days:
//   - per verifier: decisions, TMS among them, median seconds from claim to save, decisions the
//     supervisor reviewed and returned, and TMS overturned on objection (an accepted sanggah that
//     changed the status: the applicant's last decision before it was the verifier's TMS);
//   - per TMS reason: how often it was given, returned and overturned;
//   - per day: decisions, returned, median seconds.
// Agreement and kappa join these once the second verification records its decisions (ukuran.ts).

import type { TrackId } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface FilterMutu {
  track: TrackId;
  /** One instansi, or null for every instansi (the national monitors). */
  instansiId: number | null;
  /** First and last WIB day (YYYY-MM-DD), both included; null: unbounded. */
  dari: string | null;
  sampai: string | null;
}

export interface MutuVerifikator {
  verifikatorId: number;
  nama: string;
  keputusan: number;
  tms: number;
  /** Median seconds from claim to save (decisions made on a claim), null when none. */
  medianDetik: number | null;
  disupervisi: number;
  dikembalikan: number;
  dibatalkanSanggah: number;
}

export interface MutuAlasan {
  alasan: string;
  dipakai: number;
  dikembalikan: number;
  dibatalkanSanggah: number;
}

export interface MutuHarian {
  hari: string;
  keputusan: number;
  dikembalikan: number;
  medianDetik: number | null;
}

export interface LaporanMutu {
  verifikator: MutuVerifikator[];
  alasan: MutuAlasan[];
  harian: MutuHarian[];
}

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

export async function laporanMutu(db: Kysely<DB>, filter: FilterMutu): Promise<LaporanMutu> {
  const [perVerifikator, perAlasan, perHari] = await Promise.all([
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
  ]);
  return {
    verifikator: perVerifikator.rows.map((r) => ({
      verifikatorId: r.verifikator_id,
      nama: r.nama,
      keputusan: r.keputusan,
      tms: r.tms,
      medianDetik: angka(r.median_detik),
      disupervisi: r.disupervisi,
      dikembalikan: r.dikembalikan,
      dibatalkanSanggah: r.dibatalkan,
    })),
    alasan: perAlasan.rows.map((r) => ({
      alasan: r.alasan,
      dipakai: r.dipakai,
      dikembalikan: r.dikembalikan,
      dibatalkanSanggah: r.dibatalkan,
    })),
    harian: perHari.rows.map((r) => ({
      hari: r.hari,
      keputusan: r.keputusan,
      dikembalikan: r.dikembalikan,
      medianDetik: angka(r.median_detik),
    })),
  };
}
