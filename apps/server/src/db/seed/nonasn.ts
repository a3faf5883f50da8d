// Generated Non-ASN records (issue #5): honorary staff of the demo instansi with realistic units,
// positions, service years, categories and SKs, part of them already answered by the instansi's
// admin. Made by the database itself – one INSERT … SELECT over generate_series per instansi – and
// the same for the same seed number (every choice is a hash of the record number and the seed).

import {
  FIRST_NAMES_L,
  FIRST_NAMES_P,
  KATEGORI_NONASN,
  LAST_NAMES,
  NONASN_ADMIN_ROLES,
  WILAYAH,
} from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { NONASN_COUNTER, recountCounter } from '../../modules/shared/counter-deltas.js';
import type { DB } from '../schema.js';
import { hashedRows } from './hashes.js';

export interface NonAsnSeedBlock {
  instansiId: number;
  records: number;
  /** Nobody answered yet (a confirmation at its start); otherwise about half are answered. */
  unanswered?: boolean;
}

export interface NonAsnSeedResult {
  records: number;
  ms: number;
}

const UNIT_KERJA = [
  'Sekretariat Daerah',
  'Dinas Pendidikan',
  'Dinas Kesehatan',
  'RSUD',
  'Dinas Perhubungan',
  'Dinas Pekerjaan Umum dan Penataan Ruang',
  'Badan Pendapatan Daerah',
  'Satuan Polisi Pamong Praja',
  'Dinas Lingkungan Hidup',
  'Dinas Kependudukan dan Pencatatan Sipil',
  'Dinas Pertanian',
  'Puskesmas',
  'Kecamatan',
  'Badan Kepegawaian dan Pengembangan SDM',
];
const JABATAN = [
  'Guru Honorer',
  'Tenaga Administrasi',
  'Operator Komputer',
  'Perawat',
  'Bidan',
  'Pengemudi',
  'Petugas Kebersihan',
  'Petugas Keamanan',
  'Penyuluh Pertanian',
  'Pramu Kantor',
  'Tenaga Teknis Lapangan',
  'Pengelola Keuangan',
];
const SUMBER_DANA = ['APBD', 'APBD', 'APBD', 'APBN', 'BLUD', 'BOS', 'LAINNYA'];
const ALASAN_TIDAK_DIUSULKAN = [
  'Sudah tidak aktif bekerja sejak 2023',
  'Telah mengundurkan diri',
  'Meninggal dunia',
  'SK pengangkatan tidak dapat dibuktikan',
  'Masa kerja terputus lebih dari satu tahun',
  'Telah diangkat sebagai PPPK pada seleksi sebelumnya',
];

/** Demo: the instansi with PPPK admins (contract demo-accounts.ts), and a few of the ministries. */
export const DEMO_NONASN: NonAsnSeedBlock[] = [
  { instansiId: 4, records: 1500 },
  { instansiId: 5, records: 1200 },
  { instansiId: 6, records: 900 },
  { instansiId: 7, records: 600 },
  { instansiId: 3, records: 400 },
  { instansiId: 8, records: 24, unanswered: true },
];

/** `total` records over the demo instansi, Bogor the largest (bench and `npm run seed`). */
export function planNonAsn(total: number): NonAsnSeedBlock[] {
  const shares: [number, number][] = [
    [4, 0.3],
    [5, 0.2],
    [6, 0.15],
    [7, 0.15],
    [3, 0.1],
    [1, 0.04],
    [2, 0.03],
  ];
  const blocks = shares.map(([instansiId, share]) => ({ instansiId, records: Math.floor(total * share) }));
  const placed = blocks.reduce((sum, block) => sum + block.records, 0);
  blocks.push({ instansiId: 8, records: total - placed });
  return blocks;
}

/** `arr[1 + h mod n]` in SQL. */
const pick = (array: string, hash: string) => sql.raw(`${array}[1 + abs(mod(${hash}, cardinality(${array})))]`);

async function insertBlock(db: Kysely<DB>, block: NonAsnSeedBlock, offset: number, seed: number, admin: number | null) {
  const result = await sql`
    WITH ref AS (
      SELECT ${FIRST_NAMES_L}::text[] AS male, ${FIRST_NAMES_P}::text[] AS female, ${LAST_NAMES}::text[] AS last,
             ${WILAYAH.map((w) => w[0])}::text[] AS wkode,
             ${WILAYAH.map((w) => w[1].replace(/^(Kota|Kabupaten) /, ''))}::text[] AS wtempat,
             ${UNIT_KERJA}::text[] AS unit, ${JABATAN}::text[] AS jabatan, ${SUMBER_DANA}::text[] AS dana,
             ${[...KATEGORI_NONASN]}::text[] AS kategori, ${ALASAN_TIDAK_DIUSULKAN}::text[] AS alasan
    ),
    h AS (
      ${hashedRows(seed, 11, 4, offset, block.records)}
    ),
    p AS (
      SELECT h.*, ref.*,
             CASE WHEN h1 & 1 = 0 THEN 'L' ELSE 'P' END AS jk,
             date '1972-01-01' + abs(mod(h2, 25 * 365))::int AS lahir,
             1 + abs(mod(h3, cardinality(ref.wkode))) AS w,
             -- Service of 1 to 20 years; eks THK-II have served the longest.
             12 + abs(mod(h3 >> 12, 228))::int AS masa,
             abs(mod(h4, 100)) AS roll
      FROM h CROSS JOIN ref
    )
    INSERT INTO nonasn (
      instansi_id, nik, nama, tempat_lahir, tanggal_lahir, unit_kerja, jabatan, masa_kerja_bulan, kategori,
      no_sk, tgl_sk, sumber_dana, status_konfirmasi, alasan, dikonfirmasi_oleh, dikonfirmasi_at
    )
    SELECT ${block.instansiId},
           left(wkode[w], 4) || lpad((mod(i / 10000, 99) + 1)::text, 2, '0')
             || to_char(extract(day FROM lahir)::int + CASE WHEN jk = 'P' THEN 40 ELSE 0 END, 'FM00')
             || to_char(lahir, 'MMYY') || lpad(mod(i, 10000)::text, 4, '0'),
           CASE WHEN jk = 'L' THEN ${pick('male', 'h1 >> 8')} ELSE ${pick('female', 'h1 >> 8')} END
             || ' ' || ${pick('last', 'h1 >> 36')},
           wtempat[w], lahir,
           ${pick('unit', 'h2 >> 20')}, ${pick('jabatan', 'h2 >> 32')}, masa,
           CASE WHEN masa > 180 AND abs(mod(h4 >> 8, 3)) = 0 THEN 'EKS_THK_II' ELSE ${pick('kategori', 'h4 >> 16')} END,
           '800/' || lpad(abs(mod(h4 >> 24, 9999))::text, 4, '0') || '/SK/' || extract(year FROM now() - masa * interval '1 month')::int,
           (now() - masa * interval '1 month')::date,
           ${pick('dana', 'h3 >> 40')},
           CASE WHEN answered AND roll < 82 THEN 'DIKONFIRMASI' WHEN answered THEN 'TIDAK_DIUSULKAN' ELSE 'BELUM' END,
           CASE WHEN answered AND roll >= 82 THEN ${pick('alasan', 'h4 >> 32')} END,
           CASE WHEN answered THEN ${admin}::integer END,
           CASE WHEN answered THEN now() - (abs(mod(h4 >> 40, 7 * 24 * 60)) * interval '1 minute') END
    FROM (
      SELECT p.*, NOT ${block.unanswered ?? false} AND abs(mod(h2 >> 44, 100)) < 50 AS answered FROM p
    ) p
    ON CONFLICT DO NOTHING
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Loads the blocks after whatever is already there, then sets the counters from the rows. */
export async function seedNonAsn(db: Kysely<DB>, blocks: NonAsnSeedBlock[], seed: number): Promise<NonAsnSeedResult> {
  const started = performance.now();
  const last = await db
    .selectFrom('nonasn')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  let offset = Number(last?.id ?? 0);
  // The seeded answers belong to the instansi's first admin who may give them.
  const admins = await db
    .selectFrom('app_user')
    .where(sql<boolean>`authorities && ${sql.val([...NONASN_ADMIN_ROLES])}::text[]`)
    .select(['id', 'instansi_id'])
    .orderBy('id')
    .execute();
  let records = 0;
  for (const block of blocks) {
    if (block.records <= 0) continue;
    const admin = admins.find((user) => user.instansi_id === block.instansiId)?.id ?? null;
    // Without an admin nobody could have answered: the block stays unanswered.
    const plan = admin === null ? { ...block, unanswered: true } : block;
    records += await insertBlock(db, plan, offset, seed, admin);
    offset += block.records;
  }
  await recountNonAsn(db);
  return { records, ms: Math.round(performance.now() - started) };
}

/** Sets the counters from the rows (after a bulk load; live answers append deltas). */
export async function recountNonAsn(db: Kysely<DB>): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      recountCounter(
        trx,
        NONASN_COUNTER,
        sql`SELECT instansi_id, kategori, status_konfirmasi, count(*) FROM nonasn GROUP BY 1, 2, 3`,
      ),
    );
}
