// Issue #20: the official documents of the Rekap Seluruh Pelamar page, for the instansi's admin of
// the track (the page's monitoring roles see the recap but print nothing), and the public check of
// a document by its code: GET what it is, POST the file to compare its hash. Issue #31: every file
// of a document (the PDF, the announcement's Excel copy) is served as stored at issue, and either
// can be checked; outside the demo nothing is issued while PUBLIC_URL points to localhost.

import { createHash } from 'node:crypto';
import {
  beritaAcaraRequestSchema,
  CEK_DOKUMEN_MIME,
  daftarTerbitQuerySchema,
  daftarTerbitSchema,
  dokumenProgresSchema,
  dokumenResmiSchema,
  dokumenResmiStatusSchema,
  type FormatBerkasTerbit,
  formatAngka,
  hasTrackRole,
  type Keaslian,
  keaslianBerkasSchema,
  keaslianSchema,
  kodeDokumenParamsSchema,
  kopInstansiSchema,
  pengumumanRequestSchema,
  progresParamsSchema,
  TRACK_IDS,
  TRACK_SCREENS,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { actorOf, principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { AppError, forbidden } from '../../errors.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { pageRoute } from '../shared/page-route.js';
import { pastikanAlamatPublik, peringatanAlamat } from './alamat-cek.js';
import { daftarTerbit } from './daftar-terbit.js';
import { type DokumenScope, dokumenMilik, keaslian, simpanKop, statusDokumen } from './dokumen.js';
import { antrekanPengumuman, batalkanPengumuman, pembuatanBerjalan, progresDokumen } from './pekerja.js';
import { buatBeritaAcara, pengumumanXlsxTersimpan, salinanExcelTidakAda } from './service.js';
import { penandaTangan, type TteConfig } from './tte.js';

export interface DokumenResmiRouteOptions {
  db: Kysely<DB>;
  files: BerkasStore;
  publicUrl: string;
  /** The demo (its accounts seeded): documents with a localhost QR code are warned about, not refused. */
  demo: boolean;
  /** The public check (issue #30): requests per client address and minute, the largest file read. */
  cek: { perMinute: number; maxBytes: number };
  /** Issue #31: the certificates signing the PDFs. */
  tte: TteConfig;
  /** Issue #33: the CPU priority of the thread a document is laid out in (BACA_NICE). */
  nice: number;
}

export async function dokumenResmiRoutes(
  app: FastifyInstance,
  { db, files, publicUrl, demo, cek: cekLimits, tte, nice }: DokumenResmiRouteOptions,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const peringatan = peringatanAlamat(publicUrl);
  const cariPenanda = penandaTangan(db, tte);
  /**
   * The caller's scope and the certificate signing for it, when a document may be issued now (the
   * admin, a public QR address, a certificate: refused before the long work begins).
   */
  const penerbit = async (scopeOf: (request: FastifyRequest) => DokumenScope, request: FastifyRequest) => {
    const scope = scopeOf(request);
    pastikanAlamatPublik(publicUrl, demo);
    return { scope, penanda: await cariPenanda(scope.instansiId) };
  };

  for (const track of TRACK_IDS) {
    if (!(TRACK_SCREENS[track] as readonly string[]).includes('rekap-pelamar')) continue;
    const base = `/api/${track}/admin/dokumen-resmi`;
    const on = pageRoute([TRACKS[track].title], `/${track}/rekap-pelamar`);
    const scopeOf = (request: FastifyRequest): DokumenScope => {
      const principal = principalOf(request);
      if (!hasTrackRole(principal.authorities, track as TrackId, 'ADMIN')) {
        throw forbidden(`Pengumuman dan berita acara hanya dapat dibuat oleh admin ${TRACKS[track].title} instansi.`);
      }
      return { track, instansiId: principal.instansi.id };
    };

    typed.get(
      base,
      on('Dokumen resmi: dapat dibuat atau belum, kop instansi, dokumen yang telah dibuat', {
        response: { 200: dokumenResmiStatusSchema },
      }),
      async (request) => {
        const scope = scopeOf(request);
        const [status, pembuatan] = await Promise.all([
          statusDokumen(db, scope, peringatan),
          pembuatanBerjalan(db, scope),
        ]);
        return { ...status, pembuatan };
      },
    );
    typed.put(
      `${base}/kop`,
      { ...on('Simpan kop instansi (alamat, logo)', { body: kopInstansiSchema }), bodyLimit: 1024 * 1024 },
      async (request) => simpanKop(db, files, scopeOf(request), actorOf(request), request.body),
    );
    typed.post(
      `${base}/pengumuman`,
      on(
        'Buat Pengumuman Hasil Seleksi Administrasi (PDF) setelah final verifikasi: dibuat oleh pekerja antrean (202), kemajuannya di …/progres/{id}',
        { body: pengumumanRequestSchema, response: { 202: dokumenProgresSchema } },
      ),
      async (request, reply) => {
        // Issue #33: what would refuse it is checked now; the making itself is a job.
        const { scope } = await penerbit(scopeOf, request);
        return reply.status(202).send(await antrekanPengumuman(db, scope, actorOf(request), request.body));
      },
    );
    typed.get(
      `${base}/progres/:id`,
      on(
        'Kemajuan pembuatan pengumuman: menunggu pekerja, sedang dibuat, selesai (dokumennya) atau gagal (alasannya)',
        {
          params: progresParamsSchema,
          response: { 200: dokumenProgresSchema },
        },
      ),
      async (request) => progresDokumen(db, scopeOf(request), request.params.id),
    );
    typed.post(
      `${base}/progres/:id/batal`,
      on('Batalkan pembuatan pengumuman yang belum dimulai oleh pekerja', {
        params: progresParamsSchema,
        response: { 200: dokumenProgresSchema },
      }),
      async (request) => batalkanPengumuman(db, scopeOf(request), request.params.id, actorOf(request)),
    );
    typed.post(
      `${base}/berita-acara`,
      on('Buat Berita Acara Verifikasi (PDF) setelah final verifikasi', {
        body: beritaAcaraRequestSchema,
        response: { 201: dokumenResmiSchema },
      }),
      async (request, reply) => {
        const { scope, penanda } = await penerbit(scopeOf, request);
        return reply
          .status(201)
          .send(await buatBeritaAcara(db, files, scope, actorOf(request), request.body, publicUrl, penanda, nice));
      },
    );
    typed.get(
      `${base}/:kode`,
      on('Unduh lagi dokumen yang telah dibuat (berkas yang sama)', {
        params: kodeDokumenParamsSchema,
      }),
      async (request, reply) => {
        const dokumen = await dokumenMilik(db, scopeOf(request), request.params.kode);
        const nama = `${dokumen.jenis === 'PENGUMUMAN' ? 'pengumuman' : 'berita-acara'}-${track}-${dokumen.kode}.pdf`;
        return kirimTersimpan(files, reply, dokumen, 'PDF', nama);
      },
    );
    typed.get(
      `${base}/:kode/xlsx`,
      on('Salinan Excel pengumuman yang disimpan ketika diterbitkan (berkas yang sama, NIK disamarkan)', {
        params: kodeDokumenParamsSchema,
      }),
      async (request, reply) => {
        const { dokumen, xlsx } = await pengumumanXlsxTersimpan(db, scopeOf(request), request.params.kode);
        return kirimTersimpan(files, reply, xlsx, 'XLSX', `pengumuman-${track}-${dokumen.kode}.xlsx`);
      },
    );
  }

  // Public: anyone holding a printout or the file checks it (spec: no sign-in). Issue #30: an
  // anonymous caller gets a limited number of checks per address (counted in the database, so
  // every instance shares it), and only a PDF no larger than the issued document is read: its
  // type, size and code are checked before the body is, its first bytes after.
  await app.register(async (cek) => {
    cek.addContentTypeParser(
      CEK_DOKUMEN_MIME.PDF,
      { parseAs: 'buffer', bodyLimit: cekLimits.maxBytes },
      (_request, body, done) => (isPdf(body as Buffer) ? done(null, body) : done(bukanPdf())),
    );
    // Issue #31: the announcement's Excel copy is checked too (an XLSX is a ZIP archive).
    cek.addContentTypeParser(
      CEK_DOKUMEN_MIME.XLSX,
      { parseAs: 'buffer', bodyLimit: cekLimits.maxBytes },
      (_request, body, done) => (isZip(body as Buffer) ? done(null, body) : done(bukanXlsx())),
    );
    const route = cek.withTypeProvider<ZodTypeProvider>();
    const config = {
      access: 'public',
      rateLimit: { max: cekLimits.perMinute, timeWindow: '1 minute' },
      sharedRateLimit: 'cek-dokumen',
    } as const;
    route.get(
      '/api/cek-dokumen/:kode',
      {
        config,
        schema: {
          tags: ['cek dokumen'],
          summary: 'Keaslian dokumen resmi: untuk apa kode ini diterbitkan, dan sidik SHA-256 berkasnya',
          params: kodeDokumenParamsSchema,
          response: { 200: keaslianSchema },
        },
      },
      async (request) => keaslian(db, request.params.kode),
    );
    // Issue #31: the list of an announcement as issued, for whoever holds a printed copy; counted
    // with the check (one limit per address for the page's calls).
    route.get(
      '/api/cek-dokumen/:kode/daftar',
      {
        config,
        schema: {
          tags: ['cek dokumen'],
          summary:
            'Daftar pengumuman sebagaimana diterbitkan (NIK disamarkan seperti tercetak), dicari menurut nomor peserta atau nama, per halaman',
          params: kodeDokumenParamsSchema,
          querystring: daftarTerbitQuerySchema,
          response: { 200: daftarTerbitSchema },
        },
      },
      async (request) => daftarTerbit(db, request.params.kode, request.query),
    );
    route.post(
      '/api/cek-dokumen/:kode',
      {
        config,
        bodyLimit: cekLimits.maxBytes,
        // Before the body is read: a PDF or XLSX, of a document that exists and was kept in that
        // format, no larger than the file issued in it.
        preParsing: async (request) => {
          const format = formatOf(request);
          if (!format) throw bukanPdf();
          // Without a Content-Length the route's bodyLimit stops the reading at the same size.
          const declared = Number(request.headers['content-length']);
          if (declared > cekLimits.maxBytes) throw melebihiBatas(cekLimits.maxBytes);
          const params = kodeDokumenParamsSchema.safeParse(request.params);
          if (!params.success) return; // refused by the validation, naming the field
          const issued = terbitSebagai(await keaslian(db, params.data.kode), format);
          if (declared > issued.ukuran) throw terlaluBesar(declared, issued.ukuran);
        },
        schema: {
          tags: ['cek dokumen'],
          summary:
            'Bandingkan berkas PDF (application/pdf) atau salinan Excel pengumuman (XLSX) dengan dokumen yang diterbitkan',
          params: kodeDokumenParamsSchema,
          body: z.instanceof(Buffer),
          response: { 200: keaslianBerkasSchema },
        },
      },
      async (request) => {
        const issued = terbitSebagai(await keaslian(db, request.params.kode), formatOf(request) ?? 'PDF');
        const sha256 = createHash('sha256').update(request.body).digest('hex');
        return { cocok: sha256 === issued.sha256, sha256 };
      },
    );
  });
}

/** Sends a stored file of a document as it was issued; its hash is the ETag. */
async function kirimTersimpan(
  files: BerkasStore,
  reply: FastifyReply,
  berkas: { sha256: string; ukuran: number },
  format: FormatBerkasTerbit,
  nama: string,
) {
  const stream = await files.open(berkas.sha256);
  if (!stream) throw new AppError(404, 'NOT_FOUND', 'Berkas dokumen tidak tersedia.');
  return reply
    .header('Content-Type', CEK_DOKUMEN_MIME[format])
    .header('Content-Length', berkas.ukuran)
    .header('Content-Disposition', `attachment; filename="${nama}"`)
    .header('ETag', `"${berkas.sha256}"`)
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}

/** The format a check compares with, by the type the file was sent as. */
function formatOf(request: FastifyRequest): FormatBerkasTerbit | null {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === CEK_DOKUMEN_MIME.PDF) return 'PDF';
  if (type === CEK_DOKUMEN_MIME.XLSX) return 'XLSX';
  return null;
}

/** The issued file of that format (its hash and size); an Excel copy that was not kept is 410. */
function terbitSebagai(issued: Keaslian, format: FormatBerkasTerbit): { sha256: string; ukuran: number } {
  if (format === 'PDF') return issued;
  if (!issued.xlsx) {
    if (issued.jenis !== 'PENGUMUMAN') {
      throw new AppError(
        400,
        'BUKAN_PDF',
        'Dokumen dengan kode ini hanya diterbitkan sebagai PDF. Unggah berkas PDF-nya.',
      );
    }
    throw salinanExcelTidakAda();
  }
  return issued.xlsx;
}

const PDF_MAGIC = Buffer.from('%PDF-');
const isPdf = (body: Buffer) => body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

const ZIP_MAGIC = Buffer.from('PK\u0003\u0004');
const isZip = (body: Buffer) => body.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);

const bukanPdf = () =>
  new AppError(
    400,
    'BUKAN_PDF',
    'Berkas yang diperiksa harus PDF (dikirim sebagai application/pdf) atau salinan Excel pengumuman (XLSX). Unggah berkas dokumen resmi.',
  );

const bukanXlsx = () =>
  new AppError(
    400,
    'BUKAN_XLSX',
    'Berkas yang dikirim sebagai Excel bukan berkas XLSX. Unggah salinan Excel pengumuman seperti yang diunduh.',
  );

const mb = (bytes: number) => `${formatAngka(bytes / (1024 * 1024), 1)} MB`;

const melebihiBatas = (maxBytes: number) =>
  new AppError(413, 'BERKAS_TERLALU_BESAR', `Berkas yang diperiksa paling besar ${mb(maxBytes)}.`, { maxBytes });

/** A file larger than the issued document cannot be it: refused before it is read. */
const terlaluBesar = (declared: number, ukuran: number) =>
  new AppError(
    413,
    'BERKAS_TERLALU_BESAR',
    `Berkas (${mb(declared)}) lebih besar daripada dokumen yang diterbitkan dengan kode ini (${mb(ukuran)}), jadi bukan dokumen tersebut.`,
    { ukuran },
  );
