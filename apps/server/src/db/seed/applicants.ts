// Generated applicants (issue #3): realistic Indonesian data, the same for the same seed number,
// loaded in bulk. Formasi are few and made in TypeScript; applicants, their documents and scores
// are made by the database itself – one INSERT … SELECT over generate_series per (instansi,
// track) block – because a million row-by-row inserts would take an hour. Every random choice
// is a hash of (applicant number, seed, field), so no state is carried between rows.

import type { TrackId } from '@portal/contract';
import {
  AGAMA,
  AKREDITASI_PRODI,
  ALASAN_TMS,
  DISABILITAS,
  DOKUMEN_PER_TRACK,
  FIRST_NAMES_L,
  FIRST_NAMES_P,
  GELAR_DEPAN,
  gelarOf,
  JABATAN_PER_TRACK,
  JENIS_FORMASI_PER_TRACK,
  LAST_NAMES,
  LOKASI_FORMASI,
  lokasiFormasiOf,
  NILAI_PER_TRACK,
  seededRandom,
  UNIVERSITAS,
  WILAYAH,
} from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import {
  PELAMAR_STATUS_COUNTER,
  PELAMAR_SUPERVISI_COUNTER,
  recountCounter,
} from '../../modules/shared/counter-deltas.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import type { DB } from '../schema.js';
import { demoFile } from './demo-files.js';
import { hashedRows } from './hashes.js';
import { ensureJadwal } from './jadwal.js';

export interface SeedBlock {
  instansiId: number;
  track: TrackId;
  applicants: number;
  /** Nobody decided yet (a campaign at its start); otherwise 40 % are decided, most reviewed. */
  undecided?: boolean;
}

export interface ApplicantSeedPlan {
  seed: number;
  blocks: SeedBlock[];
  /** Documents (rows pointing at the demo files) and scores for every applicant. */
  withDocuments: boolean;
}

export interface ApplicantSeedResult {
  formasi: number;
  applicants: number;
  documents: number;
  scores: number;
  ms: number;
}

const TRACK_DIGIT: Record<TrackId, string> = { cpns: '1', pppk: '2', 'pppk-guru': '3', nakes: '4' };
const STREETS = [
  'Merdeka',
  'Sudirman',
  'Diponegoro',
  'Gajah Mada',
  'Pahlawan',
  'Ahmad Yani',
  'Veteran',
  'Melati',
  'Kenanga',
  'Cempaka',
];
const LOKASI_PER_BLOCK = 3;

const tempatOf = (kabupaten: string) => kabupaten.replace(/^(Kota|Kabupaten) /, '');

/** A block's places, all different and in the instansi's region (issue #31): a regional instansi's
 * seat first, the rest drawn; one draw per place, so the draws after them stay what they were. */
function lokasiOf(kodeInstansi: string, random: () => number) {
  const left = [...lokasiFormasiOf(kodeInstansi)];
  const seatFirst = Object.hasOwn(LOKASI_FORMASI, kodeInstansi);
  return Array.from({ length: LOKASI_PER_BLOCK }, (_, index) => {
    const draw = random();
    return left.splice(seatFirst && index === 0 ? 0 : Math.floor(draw * left.length), 1)[0] as (typeof left)[number];
  });
}

async function insertFormasi(db: Kysely<DB>, block: SeedBlock, kodeInstansi: string, seed: number) {
  const random = seededRandom(seed * 7919 + block.instansiId * 31 + Number(TRACK_DIGIT[block.track]));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const lokasi = lokasiOf(kodeInstansi, random);
  const rows = JABATAN_PER_TRACK[block.track].flatMap((jabatan) =>
    lokasi.map(([kode, nama]) => ({
      instansi_id: block.instansiId,
      track: block.track,
      jabatan_kode: jabatan.kode,
      jabatan_nama: jabatan.nama,
      lokasi_kode: kode,
      lokasi_nama: nama,
      jenis_formasi: pick(JENIS_FORMASI_PER_TRACK[block.track]),
      pendidikan_kode: jabatan.pendidikanKode,
      pendidikan_nama: jabatan.pendidikanNama,
      prodi: jabatan.prodi,
      // CPNS: 18–35 on the closing date, IPK 3.00; PPPK: 20 to one year before retirement, 2.75.
      ...(block.track === 'cpns'
        ? { usia_min: 18, usia_max: 35, ipk_min: 3 }
        : { usia_min: 20, usia_max: 59, ipk_min: 2.75 }),
      jumlah: 1 + Math.floor(random() * 40),
    })),
  );
  const inserted = await db.insertInto('formasi').values(rows).returning(['id']).execute();
  return inserted.map((row, index) => {
    const jabatan = JABATAN_PER_TRACK[block.track][Math.floor(index / LOKASI_PER_BLOCK)];
    return { id: row.id, prodi: jabatan?.prodi ?? '', gelar: jabatan ? gelarOf(jabatan) : null };
  });
}

/** `arr[1 + h mod n]` in SQL: the array element chosen by a hash. */
const pick = (array: string, hash: string) => sql.raw(`${array}[1 + abs(mod(${hash}, cardinality(${array})))]`);

async function insertApplicants(
  db: Kysely<DB>,
  block: SeedBlock,
  kodeInstansi: string,
  formasi: { id: number; prodi: string; gelar: string | null }[],
  offset: number,
  seed: number,
): Promise<number> {
  const allProdi = [...new Set(JABATAN_PER_TRACK[block.track].map((jabatan) => jabatan.prodi))];
  const result = await sql`
    WITH ref AS (
      SELECT ${FIRST_NAMES_L}::text[] AS male, ${FIRST_NAMES_P}::text[] AS female, ${LAST_NAMES}::text[] AS last,
             ${GELAR_DEPAN}::text[] AS gelar, ${AGAMA}::text[] AS agama, ${DISABILITAS}::text[] AS disabilitas,
             ${WILAYAH.map((w) => w[0])}::text[] AS wkode, ${WILAYAH.map((w) => w[1])}::text[] AS wkab,
             ${WILAYAH.map((w) => w[2])}::text[] AS wprov, ${WILAYAH.map((w) => tempatOf(w[1]))}::text[] AS wtempat,
             ${UNIVERSITAS.map((u) => u[0])}::text[] AS univ, ${UNIVERSITAS.map((u) => u[1])}::text[] AS univakr,
             ${AKREDITASI_PRODI}::text[] AS akrprodi, ${STREETS}::text[] AS jalan,
             ${formasi.map((f) => f.id)}::int[] AS fid, ${formasi.map((f) => f.prodi)}::text[] AS fprodi,
             ${formasi.map((f) => f.gelar)}::text[] AS fgelar,
             ${allProdi}::text[] AS prodi,
             ${ALASAN_TMS.filter((a) => !['USIA', 'NAMA_BERBEDA'].includes(a.kode)).map((a) => a.kode)}::text[] AS alasan
    ),
    h AS (
      ${hashedRows(seed, 0, 6, offset, block.applicants)}
    ),
    p AS (
      SELECT h.*, ref.*,
             CASE WHEN h1 & 1 = 0 THEN 'L' ELSE 'P' END AS jk,
             -- CPNS applicants are 23–35 (a few just over the limit); PPPK 25–41.
             CASE WHEN ${block.track} = 'cpns' THEN date '1989-06-01' + abs(mod(h2, 12 * 365))::int
                  ELSE date '1983-01-01' + abs(mod(h2, 16 * 365))::int END AS lahir,
             1 + abs(mod(h3, cardinality(ref.wkode))) AS w,
             1 + abs(mod(h5, cardinality(ref.wkode))) AS wd,
             1 + abs(mod(h4, cardinality(ref.fid))) AS f,
             1 + abs(mod(h6 >> 16, cardinality(ref.univ))) AS u,
             abs(mod(h6, 100)) AS roll
      FROM h CROSS JOIN ref
    ),
    n AS (
      SELECT p.*,
             CASE WHEN jk = 'L' THEN ${pick('male', 'h1 >> 8')} ELSE ${pick('female', 'h1 >> 8')} END AS depan,
             CASE WHEN abs(mod(h1 >> 20, 2)) = 1 THEN
               CASE WHEN jk = 'L' THEN ${pick('male', 'h1 >> 28')} ELSE ${pick('female', 'h1 >> 28')} END
             END AS tengah,
             ${pick('last', 'h1 >> 36')} AS belakang,
             extract(year FROM lahir)::int + 22 + abs(mod(h2 >> 20, 4))::int AS lulus
      FROM p
    )
    INSERT INTO pelamar (
      instansi_id, track, formasi_id, nik, no_register, no_peserta, tgl_daftar, nama, gelar_depan, gelar_belakang,
      tempat_lahir_ktp, tanggal_lahir_ktp, tempat_lahir_ijazah, tanggal_lahir_ijazah, jenis_kelamin, agama,
      jenis_disabilitas, domisili_provinsi, domisili_kabupaten, alamat, email, no_hp, lembaga_pendidikan, prodi,
      no_ijazah, tgl_ijazah, tahun_lulus, akreditasi_lembaga, akreditasi_prodi, ipk, lokasi_ujian,
      status_verifikasi, tgl_verifikasi, nama_ijazah, alasan_tms, status_supervisi, tgl_supervisi
    )
    SELECT ${block.instansiId}, ${block.track}, fid[f],
           -- NIK: region (4) + kecamatan (2) + birth date, +40 on the day for women + sequence (4);
           -- kecamatan and sequence come from the applicant number, so NIKs are unique to 1 M.
           left(wkode[w], 4) || lpad((mod(i / 10000, 99) + 1)::text, 2, '0')
             || to_char(extract(day FROM lahir)::int + CASE WHEN jk = 'P' THEN 40 ELSE 0 END, 'FM00')
             || to_char(lahir, 'MMYY') || lpad(mod(i, 10000)::text, 4, '0'),
           ${TRACK_DIGIT[block.track]} || '24' || lpad(i::text, 10, '0'),
           '24' || ${TRACK_DIGIT[block.track]} || lpad(${kodeInstansi}, 4, '0') || lpad(i::text, 9, '0'),
           date '2024-08-20' + abs(mod(h4 >> 24, 30))::int,
           depan || coalesce(' ' || nullif(tengah, depan), '') || ' ' || belakang,
           CASE WHEN ${block.track} = 'nakes' AND abs(mod(h5 >> 8, 5)) = 0 THEN ${pick('gelar', 'h5 >> 12')} END,
           fgelar[f],
           wtempat[w], lahir,
           -- About 2 % of ijazah differ from the KTP: a reason verifiers meet (DOMAIN.md).
           CASE WHEN roll = 97 THEN wtempat[wd] ELSE wtempat[w] END,
           CASE WHEN roll = 98 THEN lahir + 1 ELSE lahir END,
           jk, ${pick('agama', 'h3 >> 8')},
           CASE WHEN abs(mod(h3 >> 16, 50)) = 0 THEN ${pick('disabilitas', 'h3 >> 24')} END,
           wprov[wd], wkab[wd],
           'Jl. ' || ${pick('jalan', 'h5 >> 20')} || ' No. ' || (1 + abs(mod(h5 >> 28, 200))) || ', ' || wtempat[wd],
           lower(replace(depan, ' ', '')) || '.' || lower(belakang) || i || '@contoh.id',
           '08' || (11 + abs(mod(h2 >> 30, 12))) || lpad(abs(mod(h2 >> 8, 100000000))::text, 8, '0'),
           univ[u],
           -- Almost everyone studied what the formasi asks for; a few did not.
           CASE WHEN roll = 99 THEN ${pick('prodi', 'h4 >> 8')} ELSE fprodi[f] END,
           upper(left(replace(univ[u], 'Universitas ', 'U'), 6)) || '/' || lulus || '/' || lpad(i::text, 8, '0'),
           make_date(lulus, 1 + abs(mod(h4 >> 40, 12))::int, 1 + abs(mod(h4 >> 44, 28))::int), lulus,
           univakr[u], ${pick('akrprodi', 'h6 >> 24')},
           round(2.75 + abs(mod(h6 >> 32, 126)) / 100.0, 2),
           wkab[wd],
           CASE WHEN decided THEN CASE WHEN roll < 88 THEN 'MS' ELSE 'TMS' END ELSE 'BELUM' END,
           CASE WHEN decided THEN verified_at END,
           -- About 1 % wrote their name differently on the ijazah (shortened family name).
           CASE WHEN roll = 96 THEN depan || ' ' || left(belakang, 1) || '.' END,
           CASE WHEN decided AND roll >= 88 THEN ARRAY[${pick('alasan', 'h5 >> 36')}] END,
           -- Most decisions are already reviewed; the rest wait for a supervisor.
           CASE WHEN decided AND abs(mod(h6 >> 48, 3)) > 0 THEN 'DISETUJUI' END,
           CASE WHEN decided AND abs(mod(h6 >> 48, 3)) > 0 THEN verified_at + interval '1 day' END
    FROM (
      SELECT n.*, NOT ${block.undecided ?? false} AND roll >= 60 AS decided,
             timestamptz '2024-09-01 08:00+07' + (abs(mod(h6 >> 40, 20 * 24 * 60)) * interval '1 minute') AS verified_at
      FROM n
    ) n
    ON CONFLICT DO NOTHING
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

async function insertDocuments(db: Kysely<DB>, store: BerkasStore, block: SeedBlock, range: [number, number]) {
  const jenis = DOKUMEN_PER_TRACK[block.track];
  const files = jenis.map(demoFile);
  const hashes = await Promise.all(files.map((file) => store.put(file.bytes)));
  await db
    .insertInto('berkas')
    .values(files.map((file, index) => ({ sha256: hashes[index] as string, mime: file.mime, size: file.bytes.length })))
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const result = await sql`
    INSERT INTO dokumen (pelamar_id, instansi_id, jenis, nama_file, berkas_sha256, diunggah_at)
    SELECT p.id, p.instansi_id, d.jenis, d.nama_file, d.sha256, p.tgl_daftar + time '09:00' + (d.n * interval '3 minutes')
    FROM pelamar p
    CROSS JOIN unnest(${[...jenis]}::text[], ${files.map((file) => file.namaFile)}::text[], ${hashes}::text[])
      WITH ORDINALITY AS d (jenis, nama_file, sha256, n)
    WHERE p.instansi_id = ${block.instansiId} AND p.track = ${block.track} AND p.id BETWEEN ${range[0]} AND ${range[1]}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

async function insertScores(db: Kysely<DB>, block: SeedBlock, range: [number, number], seed: number) {
  const components = NILAI_PER_TRACK[block.track];
  const result = await sql`
    INSERT INTO nilai (pelamar_id, instansi_id, komponen, nilai)
    SELECT p.id, p.instansi_id, c.komponen,
           round(c.maks * (0.35 + abs(mod(hashint8extended(p.id * 8 + c.n, ${seed}::bigint), 60)) / 100.0))
    FROM pelamar p
    CROSS JOIN unnest(${components.map((c) => c[0])}::text[], ${components.map((c) => c[1])}::int[])
      WITH ORDINALITY AS c (komponen, maks, n)
    WHERE p.instansi_id = ${block.instansiId} AND p.track = ${block.track} AND p.id BETWEEN ${range[0]} AND ${range[1]}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Sets the per-status and per-supervision-state counters from the rows (after a bulk load; live changes append deltas). */
export async function recountStatuses(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await recountCounter(
      trx,
      PELAMAR_STATUS_COUNTER,
      sql`SELECT instansi_id, track, status_verifikasi, count(*) FROM pelamar GROUP BY 1, 2, 3`,
    );
    await recountCounter(
      trx,
      PELAMAR_SUPERVISI_COUNTER,
      sql`SELECT instansi_id, track, coalesce(status_supervisi, 'MENUNGGU'), count(*)
          FROM pelamar WHERE status_verifikasi <> 'BELUM' GROUP BY 1, 2, 3`,
    );
  });
}

/** Loads the plan's applicants (and documents, scores) after whatever is already there. */
export async function seedApplicants(
  db: Kysely<DB>,
  store: BerkasStore,
  plan: ApplicantSeedPlan,
): Promise<ApplicantSeedResult> {
  const started = performance.now();
  const instansi = await db.selectFrom('instansi').select(['id', 'kode']).execute();
  const kode = new Map(instansi.map((row) => [row.id, row.kode]));
  const last = await db
    .selectFrom('pelamar')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  let offset = Number(last?.id ?? 0);
  const result: ApplicantSeedResult = { formasi: 0, applicants: 0, documents: 0, scores: 0, ms: 0 };
  for (const block of plan.blocks) {
    if (block.applicants <= 0) continue;
    const kodeInstansi = kode.get(block.instansiId);
    if (kodeInstansi === undefined) throw new Error(`Instansi ${block.instansiId} tidak ada`);
    const formasi = await insertFormasi(db, block, kodeInstansi, plan.seed);
    result.formasi += formasi.length;
    const before = await db
      .selectFrom('pelamar')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    result.applicants += await insertApplicants(db, block, kodeInstansi, formasi, offset, plan.seed);
    offset += block.applicants;
    if (plan.withDocuments) {
      const range: [number, number] = [Number(before?.id ?? 0) + 1, Number.MAX_SAFE_INTEGER];
      result.documents += await insertDocuments(db, store, block, range);
      result.scores += await insertScores(db, block, range, plan.seed);
    }
  }
  await recountStatuses(db);
  await ensureJadwal(db);
  result.ms = Math.round(performance.now() - started);
  return result;
}
