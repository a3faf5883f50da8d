// Issue #35: the reading worker. Takes a document's job from the queue, reads its file
// (pembaca.ts), checks what it read against the registration (periksa.ts), looks for the same scan
// at another applicant (the page's difference hash), and stores the findings, the reading and the
// applicant's worst finding in one transaction, with an audit event naming the engine.
//
// A file that cannot be read is a result (GAGAL with its reason, and a finding), not a failed job;
// a job fails only on the unexpected (the database, the engine), is retried with backoff, and after
// its last attempt goes to the dead-letter queue with the reason – its reading says GAGAL too.

import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { recordAudit } from '../audit/audit.js';
import { ANTREAN_BACA, type Antrean, Relai, relaiBaca } from './antrean.js';
import { dataDaftar } from './data-daftar.js';
import { dibaca, type TemuanBaru } from './jenis.js';
import { BATAS_BACA, type BatasBaca, type HasilBaca, type MesinOcr, TidakTerbaca } from './pembaca.js';
import { MESIN_ATURAN, periksaDokumen } from './periksa.js';
import { BacaLangsung, BacaUtas, type PembacaBerkas } from './utas.js';

/** Waits for `promise`, or `ms` milliseconds, whichever comes first. */
const paling = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/** Two page hashes this close (bits of 64) are the same scan. */
export const JARAK_SIDIK_SAMA = 6;
/** The documents compared for "the same scan at two applicants". */
const JENIS_GANDA = ['IJAZAH', 'TRANSKRIP', 'STR'];

export interface JobBaca {
  dokumenId: number;
  sha256: string;
}

/** The four 16-bit bands of a 64-bit hash, each tagged with its position. */
export function pitaSidik(sidik: string): number[] {
  return [0, 1, 2, 3].map((i) => i * 65536 + Number.parseInt(sidik.slice(i * 4, i * 4 + 4), 16));
}

export function jarakSidik(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}

async function bacaBytes(files: BerkasStore, sha256: string): Promise<Uint8Array | null> {
  const stream = await files.open(sha256);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const TINGKAT_ANGKA = { PERIKSA: 1, BERAT: 2 } as const;

export interface HasilPekerjaan {
  status: 'SELESAI' | 'GAGAL' | 'LEWAT';
  temuan: number;
}

/** Reads and checks one document; everything it finds is stored before it returns. */
export async function kerjakanBaca(
  db: Kysely<DB>,
  files: BerkasStore,
  pembaca: PembacaBerkas,
  job: JobBaca,
  batas: BatasBaca = BATAS_BACA,
): Promise<HasilPekerjaan> {
  const dokumen = await db
    .selectFrom('dokumen as d')
    .innerJoin('dokumen_bacaan as r', 'r.dokumen_id', 'd.id')
    .innerJoin('berkas as b', 'b.sha256', 'd.berkas_sha256')
    .innerJoin('pelamar as p', 'p.id', 'd.pelamar_id')
    .where('d.id', '=', job.dokumenId)
    .select(['d.id', 'd.jenis', 'd.pelamar_id', 'd.berkas_sha256', 'b.mime', 'r.status', 'p.instansi_id'])
    .executeTakeFirst();
  // The document went, or its file changed since the job was made (a newer job reads the new one).
  if (!dokumen || dokumen.berkas_sha256 !== job.sha256 || dokumen.status === 'SELESAI') {
    return { status: 'LEWAT', temuan: 0 };
  }
  const pelamarId = Number(dokumen.pelamar_id);
  await db
    .updateTable('dokumen_bacaan')
    .set({ status: 'DIBACA' })
    .where('dokumen_id', '=', job.dokumenId)
    .where('berkas_sha256', '=', job.sha256)
    .execute();

  const started = performance.now();
  // Issue #32: a kind the portal does not read (pas foto, letters) still gets its rendition.
  const periksa = dibaca(dokumen.jenis);
  let hasil: HasilBaca | null = null;
  let alasanGagal: string | null = null;
  const bytes = await bacaBytes(files, job.sha256);
  if (!bytes) alasanGagal = 'Berkas tidak ditemukan di penyimpanan.';
  else {
    try {
      hasil = await pembaca.baca(bytes, dokumen.mime, batas, !periksa);
    } catch (error) {
      if (!(error instanceof TidakTerbaca)) throw error;
      alasanGagal = error.message;
    }
  }

  const temuan: (TemuanBaru & { pelamarLain?: number })[] = [];
  if (hasil && dibaca(dokumen.jenis)) {
    const daftar = (await dataDaftar(db, [pelamarId])).get(pelamarId);
    if (daftar) temuan.push(...periksaDokumen(dokumen.jenis, hasil.halaman, daftar).temuan);
  }
  // A file that could not even be drawn is a finding only where the portal reads it.
  if (alasanGagal && periksa) {
    temuan.push({
      kode: 'TIDAK_TERBACA',
      tingkat: 'PERIKSA',
      kolom: 'Dokumen',
      nilaiBaca: null,
      nilaiDaftar: null,
      keyakinan: 0,
      pesan: `Dokumen tidak dapat dibaca otomatis: ${alasanGagal} Periksa secara manual.`,
      alasan: null,
      kotak: null,
    });
  }

  // The same scan at another applicant: candidates share a band of the hash, then the distance.
  const sidik = hasil?.sidik ?? null;
  const pita = sidik ? pitaSidik(sidik) : null;
  const ganda: { pelamar_id: number; dokumen_id: number; no_peserta: string }[] = [];
  if (sidik && pita && JENIS_GANDA.includes(dokumen.jenis)) {
    const kandidat = await db
      .selectFrom('dokumen_bacaan as r')
      .innerJoin('dokumen as d', 'd.id', 'r.dokumen_id')
      .innerJoin('pelamar as p', 'p.id', 'r.pelamar_id')
      .where(sql<boolean>`r.sidik_pita && ${pita}::int[]`)
      .where('r.pelamar_id', '<>', pelamarId)
      .where('d.jenis', '=', dokumen.jenis)
      .select(['r.pelamar_id', 'r.dokumen_id', 'r.sidik', 'p.no_peserta'])
      .limit(50)
      .execute();
    for (const row of kandidat) {
      if (row.sidik && jarakSidik(row.sidik, sidik) <= JARAK_SIDIK_SAMA) {
        ganda.push({
          pelamar_id: Number(row.pelamar_id),
          dokumen_id: Number(row.dokumen_id),
          no_peserta: row.no_peserta,
        });
      }
    }
  }
  const gandaTemuan = (noPeserta: string): TemuanBaru => ({
    kode: 'DOKUMEN_GANDA',
    tingkat: 'BERAT',
    kolom: 'Dokumen',
    nilaiBaca: noPeserta,
    nilaiDaftar: null,
    keyakinan: 100,
    pesan: `Pindaian dokumen ini sama dengan dokumen pelamar lain (nomor peserta ${noPeserta}).`,
    alasan: 'DOKUMEN_PALSU',
    kotak: null,
  });
  const noPesertaSendiri = ganda.length
    ? (await db.selectFrom('pelamar').where('id', '=', pelamarId).select('no_peserta').executeTakeFirstOrThrow())
        .no_peserta
    : '';
  for (const other of ganda) temuan.push({ ...gandaTemuan(other.no_peserta), pelamarLain: other.pelamar_id });

  const mesin = `${hasil?.mesin ?? 'tidak dibaca'} · ${MESIN_ATURAN}`;
  const teks = hasil
    ? hasil.halaman.map((page) => page.baris.map((line) => line.teks).join('\n')).join('\n\f\n')
    : null;
  const keyakinan = hasil?.halaman.length
    ? hasil.halaman.reduce((sum, page) => sum + page.keyakinan, 0) / hasil.halaman.length
    : null;
  const status = alasanGagal ? 'GAGAL' : 'SELESAI';
  const baris = (t: TemuanBaru & { pelamarLain?: number }, dokumenId: number, pemilik: number) => ({
    dokumen_id: dokumenId,
    pelamar_id: pemilik,
    kode: t.kode,
    tingkat: t.tingkat,
    kolom: t.kolom,
    nilai_baca: t.nilaiBaca,
    nilai_daftar: t.nilaiDaftar,
    keyakinan: t.keyakinan,
    mesin,
    pesan: t.pesan,
    alasan: t.alasan,
    kotak: t.kotak ? JSON.stringify(t.kotak) : null,
    pelamar_lain: t.pelamarLain ?? null,
  });

  // Issue #32: the rendition is a stored file like the original (content-addressed, kept once).
  const tampilan = hasil?.tampilan ?? null;
  const tampilanSha = tampilan ? await files.put(tampilan.bytes) : null;

  const stored = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('dokumen')
      .where('id', '=', job.dokumenId)
      .select('berkas_sha256')
      .forUpdate()
      .executeTakeFirst();
    if (current?.berkas_sha256 !== job.sha256) return false;
    await trx.deleteFrom('temuan_dokumen').where('dokumen_id', '=', job.dokumenId).execute();
    if (temuan.length)
      await trx
        .insertInto('temuan_dokumen')
        .values(temuan.map((t) => baris(t, job.dokumenId, pelamarId)))
        .execute();
    // Both applicants' verifiers see a shared scan: the other one's document gets the finding too.
    for (const other of ganda) {
      const exists = await trx
        .selectFrom('temuan_dokumen')
        .where('dokumen_id', '=', other.dokumen_id)
        .where('kode', '=', 'DOKUMEN_GANDA')
        .where('pelamar_lain', '=', pelamarId)
        .select('id')
        .executeTakeFirst();
      if (!exists) {
        await trx
          .insertInto('temuan_dokumen')
          .values(
            baris({ ...gandaTemuan(noPesertaSendiri), pelamarLain: pelamarId }, other.dokumen_id, other.pelamar_id),
          )
          .execute();
      }
    }
    if (tampilan && tampilanSha) {
      await trx
        .insertInto('berkas')
        .values({ sha256: tampilanSha, mime: tampilan.mime, size: tampilan.bytes.length })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    }
    await trx
      .updateTable('dokumen_bacaan')
      .set({
        tampilan_sha256: tampilanSha,
        status,
        mesin,
        pesan: alasanGagal,
        keyakinan,
        halaman: hasil?.halaman.length ?? 0,
        teks,
        sidik,
        sidik_pita: pita,
        durasi_ms: Math.round(performance.now() - started),
        dibaca_at: new Date(),
      })
      .where('dokumen_id', '=', job.dokumenId)
      .execute();
    for (const id of [pelamarId, ...ganda.map((other) => other.pelamar_id)]) {
      await sql`
        UPDATE pelamar SET temuan_otomatis = coalesce((
          SELECT max(CASE tingkat WHEN 'BERAT' THEN 2 ELSE 1 END) FROM temuan_dokumen WHERE pelamar_id = ${id}
        ), 0) WHERE id = ${id}
      `.execute(trx);
    }
    // Only a reading is an event of the applicant's file; drawing a rendition is not.
    if (!periksa) return true;
    await recordAudit(trx, {
      action: 'BACA_DOKUMEN',
      instansiId: dokumen.instansi_id,
      entity: 'pelamar',
      entityId: pelamarId,
      to: status === 'SELESAI' ? `${dokumen.jenis}: ${temuan.length} temuan` : `${dokumen.jenis}: tidak dapat dibaca`,
      reason: mesin,
      details: {
        dokumenId: job.dokumenId,
        temuan: temuan.map((t) => t.kode),
        tingkat: Math.max(0, ...temuan.map((t) => TINGKAT_ANGKA[t.tingkat])),
      },
    });
    return true;
  });
  if (!stored) return { status: 'LEWAT', temuan: 0 };
  return { status, temuan: temuan.length };
}

export interface OpsiPembaca {
  /** Documents read at once by this process (each with its own OCR engine). */
  jumlah: number;
  log: Logger;
  batas?: BatasBaca;
  /** How often the relay looks for documents put up for reading. */
  relaiMs?: number;
  /** The CPU priority (nice) of the reading threads (BACA_NICE); 0 unless said. */
  nice?: number;
  /**
   * An engine of each worker's own, read with in this thread (tests, the bench's native engine);
   * by default each worker reads in a thread of its own with tesseract.js (utas.ts).
   */
  mesin?: () => MesinOcr;
  /** Told of each document done (metrics). */
  onSelesai?: (hasil: HasilPekerjaan, detik: number) => void;
}

/** The reading workers of one process: `jumlah` queue workers and the relay. */
export class Pembaca {
  readonly #pembaca: PembacaBerkas[] = [];
  readonly #relai: Relai;

  constructor(
    private readonly antrean: Antrean,
    private readonly db: Kysely<DB>,
    private readonly files: BerkasStore,
    private readonly opsi: OpsiPembaca,
  ) {
    this.#relai = new Relai(() => relaiBaca(antrean), {
      ms: opsi.relaiMs ?? 2_000,
      log: opsi.log,
      pesanGagal: 'relai antrean baca dokumen gagal; dicoba lagi',
    });
  }

  async mulai(): Promise<void> {
    const { boss } = this.antrean;
    for (let i = 0; i < this.opsi.jumlah; i++) {
      const mesin = this.opsi.mesin?.();
      const pembaca = mesin ? new BacaLangsung(mesin) : new BacaUtas({ nice: this.opsi.nice ?? 0 });
      this.#pembaca.push(pembaca);
      await boss.work<JobBaca>(ANTREAN_BACA, { batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs as PgBoss.JobWithMetadata<JobBaca>[]) await this.#satu(job, pembaca);
      });
    }
    this.#relai.mulai();
  }

  async #satu(job: PgBoss.JobWithMetadata<JobBaca>, pembaca: PembacaBerkas): Promise<void> {
    const started = performance.now();
    try {
      const hasil = await kerjakanBaca(this.db, this.files, pembaca, job.data, this.opsi.batas);
      this.opsi.onSelesai?.(hasil, (performance.now() - started) / 1000);
      this.opsi.log.debug({ dokumenId: job.data.dokumenId, ...hasil }, 'dokumen dibaca');
    } catch (error) {
      const terakhir = job.retryCount >= job.retryLimit;
      this.opsi.log.warn(
        { err: error, dokumenId: job.data.dokumenId, percobaan: job.retryCount + 1, terakhir },
        terakhir ? 'membaca dokumen gagal; masuk antrean gagal' : 'membaca dokumen gagal; akan dicoba lagi',
      );
      if (terakhir) {
        // Its reading says so too: the verifier sees "tidak dapat dibaca otomatis", not "sedang dibaca".
        await this.db
          .updateTable('dokumen_bacaan')
          .set({
            status: 'GAGAL',
            pesan: 'Pembacaan gagal berulang kali; periksa secara manual.',
            dibaca_at: new Date(),
          })
          .where('dokumen_id', '=', job.data.dokumenId)
          .where('berkas_sha256', '=', job.data.sha256)
          .execute()
          .catch(() => undefined);
      }
      throw error;
    }
  }

  /**
   * Stops taking jobs and ends the engines, within a few seconds whatever is being read (a process
   * stopping must stay within SHUTDOWN_TIMEOUT_SECONDS): a document cut short stays active in the
   * queue, expires and is read again by another worker.
   */
  async berhenti(): Promise<void> {
    await paling(this.#relai.berhenti(), 2_000);
    await paling(
      this.antrean.boss.offWork(ANTREAN_BACA).catch(() => undefined),
      2_000,
    );
    await Promise.all(
      this.#pembaca.map((pembaca) =>
        paling(
          pembaca.tutup().catch(() => undefined),
          1_000,
        ),
      ),
    );
  }
}
