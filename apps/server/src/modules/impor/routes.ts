// Issue #18, section Data Seleksi of the national operator (ROLE_SUPERADMIN, menu.ts): the import
// API the Impor Data screen uses (kinds, template, check, rejected rows, apply job, progress,
// cancel) and the stage-window edit of Jadwal Tahapan. Every route is bound to its page (403
// for every other role). The same import runs from the command line (impor-cli.ts).

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  IMPOR_JENIS,
  IMPOR_PATH,
  type ImporJenis,
  imporCekSchema,
  imporJenisResponseSchema,
  imporJobListSchema,
  imporJobSchema,
  JADWAL_ADMIN_PATH,
  jadwalUbahSchema,
  TAHAP,
  TAHAP_NAMA,
  TRACKS,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { actorOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { AppError, validationError } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { recordAudit } from '../audit/audit.js';
import { antreCek, barisDitolak, cekBerkas, laporanCek, type Pengimpor, requireJenis, UTAS_CEK_MULAI } from './cek.js';
import { berkasDitolak, template } from './files.js';
import { infoJenis, JENIS_TERSEDIA } from './kinds.js';
import { batalkanJob, daftarJob, jobOf, mulaiTerapkan } from './terapkan.js';

/** The largest file the check takes (a million applicants is about 300 MB of CSV). */
export const IMPOR_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** How long the upload's answer waits for the check (below a proxy's usual 60 s read timeout). */
const CEK_TUNGGU_MS = 20_000;

const jenisParams = z.object({ jenis: z.enum(IMPOR_JENIS) });
const idParams = z.object({ id: z.string().uuid('id tidak dikenal') });
const tags = ['Data Seleksi'];

export async function imporRoutes(app: FastifyInstance, { db, files }: { db: Kysely<DB>; files: BerkasStore }) {
  await app.register(fastifyMultipart, { limits: { fileSize: IMPOR_MAX_BYTES, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { page: () => IMPOR_PATH } };
  const pengimpor = (request: FastifyRequest): Pengimpor => {
    const actor = actorOf(request);
    return { id: actor.id, nama: actor.username };
  };

  r.get(
    '/api/admin/impor/jenis',
    {
      config,
      schema: {
        tags,
        summary: 'Jenis data yang dapat diimpor dan kolom-kolomnya',
        response: { 200: imporJenisResponseSchema },
      },
    },
    async () => ({ jenis: JENIS_TERSEDIA.map(infoJenis) }),
  );

  r.get(
    '/api/admin/impor/:jenis/template',
    {
      config,
      schema: { tags, summary: 'Template XLSX satu jenis data (kolom, contoh, keterangan)', params: jenisParams },
    },
    async (request, reply) => {
      requireJenis(request.params.jenis);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="template-${request.params.jenis}.xlsx"`)
        .send(await template(request.params.jenis));
    },
  );

  r.post(
    '/api/admin/impor/:jenis/cek',
    {
      config,
      bodyLimit: IMPOR_MAX_BYTES,
      schema: {
        tags,
        summary: 'Periksa berkas (multipart, kolom `file`): seluruh validasi, tanpa mengubah data',
        params: jenisParams,
        consumes: ['multipart/form-data'],
        response: { 200: imporCekSchema, 202: imporCekSchema },
      },
    },
    async (request, reply) => {
      requireJenis(request.params.jenis);
      const part = await request.file().catch(() => undefined);
      if (!part) throw new AppError(400, 'VALIDATION_ERROR', 'Pilih berkas yang akan diperiksa (kolom "file").');
      const dir = await mkdtemp(path.join(tmpdir(), 'portal-impor-'));
      const hapus = () => rm(dir, { recursive: true, force: true });
      const file = path.join(dir, 'unggahan');
      try {
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) {
          throw new AppError(413, 'BERKAS_TERLALU_BESAR', 'Berkas melebihi 2 GB. Pecah menjadi beberapa berkas.');
        }
      } catch (error) {
        await hapus();
        throw error;
      }
      // A large file's check goes on after the answer (202, status MEMERIKSA): the screen reads
      // GET …/cek/{id} until it ends, and no proxy's read timeout cuts a check of a million rows.
      // Issue #33: a large file is checked by an import worker in any process (the job queue),
      // not by this one, which answers people; a small one here, answered at once.
      const input = {
        jenis: request.params.jenis as ImporJenis,
        file,
        namaFile: part.filename,
        oleh: pengimpor(request),
        files,
      };
      const report =
        (await stat(file)).size >= UTAS_CEK_MULAI
          ? await antreCek(db, input, { tungguMs: CEK_TUNGGU_MS }).finally(hapus)
          : await cekBerkas(db, input, { tungguMs: CEK_TUNGGU_MS, setelah: hapus });
      return reply.code(report.status === 'MEMERIKSA' ? 202 : 200).send(report);
    },
  );

  r.get(
    '/api/admin/impor/cek/:id',
    { config, schema: { tags, summary: 'Laporan pemeriksaan', params: idParams, response: { 200: imporCekSchema } } },
    async (request) => laporanCek(db, request.params.id),
  );

  r.get(
    '/api/admin/impor/cek/:id/ditolak',
    {
      config,
      schema: {
        tags,
        summary: 'Baris yang ditolak beserta alasannya, untuk diperbaiki dan diunggah ulang',
        params: idParams,
        querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      },
    },
    async (request, reply) => {
      const cek = await laporanCek(db, request.params.id);
      const rows = await barisDitolak(db, cek.id);
      const { format } = request.query;
      // NIK, names, addresses: kept by no browser or proxy cache (issue #30).
      return reply
        .header(
          'Content-Type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('Content-Disposition', `attachment; filename="ditolak-${cek.jenis}.${format}"`)
        .header('Cache-Control', 'no-store')
        .send(await berkasDitolak(rows, format, cek.jenis));
    },
  );

  r.post(
    '/api/admin/impor/cek/:id/terapkan',
    {
      config,
      schema: {
        tags,
        summary: 'Terapkan hasil pemeriksaan sebagai pekerjaan latar (satu per jenis)',
        params: idParams,
        response: { 202: imporJobSchema },
      },
    },
    async (request, reply) => {
      // Run by a queue worker in any process (pekerja.ts); progress is read from impor_job.
      const job = await mulaiTerapkan(db, request.params.id, pengimpor(request));
      return reply.status(202).send(job);
    },
  );

  r.get(
    '/api/admin/impor/jobs',
    {
      config,
      schema: {
        tags,
        summary: 'Pekerjaan impor terakhir (yang berjalan lebih dulu)',
        querystring: z.object({ jenis: z.enum(IMPOR_JENIS).optional() }),
        response: { 200: imporJobListSchema },
      },
    },
    async (request) => ({ data: await daftarJob(db, request.query.jenis) }),
  );

  r.get(
    '/api/admin/impor/jobs/:id',
    {
      config,
      schema: { tags, summary: 'Kemajuan satu pekerjaan impor', params: idParams, response: { 200: imporJobSchema } },
    },
    async (request) => jobOf(db, request.params.id),
  );

  r.post(
    '/api/admin/impor/jobs/:id/batal',
    {
      config,
      schema: {
        tags,
        summary: 'Batalkan impor sesudah kelompok baris yang sedang berjalan',
        params: idParams,
        response: { 200: imporJobSchema },
      },
    },
    async (request) => batalkanJob(db, request.params.id),
  );

  // Jadwal Tahapan: one stage window of one track, effective at once (every window check reads
  // jadwal_tahap in the statement that needs it).
  r.put(
    '/api/admin/jadwal',
    {
      config: { access: { page: () => JADWAL_ADMIN_PATH } },
      schema: { tags, summary: 'Ubah jadwal satu tahap satu jalur (WIB)', body: jadwalUbahSchema },
    },
    async (request) => {
      const { track, tahap, mulai, selesai } = request.body;
      if (new Date(selesai) <= new Date(mulai)) {
        throw validationError([{ field: 'body.selesai', message: 'harus sesudah waktu mulai' }]);
      }
      // The stages follow each other (DOMAIN.md): none may start before the stage before it.
      const windows = await db
        .selectFrom('jadwal_tahap')
        .select(['tahap', 'mulai', 'selesai'])
        .where('track', '=', track)
        .execute();
      const startOf = (t: string) => windows.find((w) => w.tahap === t)?.mulai;
      const index = TAHAP.indexOf(tahap);
      const previous = TAHAP.slice(0, index)
        .reverse()
        .find((t) => startOf(t));
      const next = TAHAP.slice(index + 1).find((t) => startOf(t));
      const urutan = (message: string) => validationError([{ field: 'body.mulai', message }]);
      if (previous && new Date(mulai) < new Date(startOf(previous) as Date)) {
        throw urutan(`${TAHAP_NAMA[tahap]} tidak boleh mulai sebelum ${TAHAP_NAMA[previous]} dimulai`);
      }
      if (next && new Date(mulai) > new Date(startOf(next) as Date)) {
        throw urutan(`${TAHAP_NAMA[tahap]} tidak boleh mulai sesudah ${TAHAP_NAMA[next]} dimulai`);
      }
      const before = windows.find((w) => w.tahap === tahap);
      await sql`INSERT INTO jadwal_tahap (track, tahap, mulai, selesai) VALUES (${track}, ${tahap}, ${mulai}, ${selesai})
        ON CONFLICT (track, tahap) DO UPDATE SET mulai = excluded.mulai, selesai = excluded.selesai`.execute(db);
      const actor = actorOf(request);
      await recordAudit(db, {
        action: 'UBAH_JADWAL',
        actorId: actor.id,
        actorUsername: actor.username,
        entity: 'jadwal_tahap',
        entityId: `${track}/${tahap}`,
        from: before ? `${new Date(before.mulai).toISOString()} – ${new Date(before.selesai).toISOString()}` : null,
        to: `${mulai} – ${selesai}`,
        details: { track, tahap, nama: `${TAHAP_NAMA[tahap]} ${TRACKS[track].title}` },
      });
      return { track, tahap, mulai: new Date(mulai).toISOString(), selesai: new Date(selesai).toISOString() };
    },
  );
}
