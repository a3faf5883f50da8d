// The Non-ASN calls (issue #5), `{base}` = `/api/pppk` (the screens live under PPPK Teknis, spec §2),
// each bound to the page it serves:
//   POST nonasn/filter, POST nonasn/export, GET nonasn/instansi, GET nonasn/{id}   /pppk/rekap-nonasn
//   PUT  nonasn/{id}, PUT nonasn/updateStatus (the instansi's admins only)       /pppk/rekap-nonasn
//   POST dashboard-konfirmasi/filter                                             /pppk/dashboard-konfirmasi
// Reads are scoped to the caller's instansi unless the role is national (MENPAN, BKN).

import {
  DASHBOARD_KONFIRMASI_PAGE,
  dashboardKonfirmasiRequestSchema,
  dashboardKonfirmasiResponseSchema,
  instansiOptionsSchema,
  isNonAsnAdmin,
  konfirmasiBanyakResultSchema,
  konfirmasiNonAsnBanyakSchema,
  konfirmasiNonAsnSchema,
  konfirmasiResultSchema,
  NONASN_PAGE,
  nonAsnDetailSchema,
  nonAsnExportRequestSchema,
  nonAsnIdParamsSchema,
  nonAsnListRequestSchema,
  nonAsnListResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { actorOf, principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import type { Actor } from '../audit/audit.js';
import { kirimEkspor } from '../export/job.js';
import { pageRoute } from '../shared/page-route.js';
import { dashboardKonfirmasi } from './dashboard-konfirmasi.js';
import { pembuatEksporNonAsn } from './export.js';
import { instansiOptions, listNonAsn, nonAsnDetail, nonAsnScope } from './queries.js';
import { konfirmasiNonAsn, konfirmasiNonAsnBanyak } from './service.js';

const nonAsnPage = pageRoute(['Non ASN'], NONASN_PAGE);
const dashboardPage = pageRoute(['Non ASN'], DASHBOARD_KONFIRMASI_PAGE);

/** Only the instansi's admins answer; monitors (national or not) read. */
function adminOf(request: FastifyRequest): Actor {
  const principal = principalOf(request);
  if (!isNonAsnAdmin(principal.authorities)) {
    throw forbidden(
      'Konfirmasi Data Non ASN hanya dapat dilakukan oleh admin instansi; akun Anda hanya dapat melihat.',
    );
  }
  return actorOf(request);
}

export async function nonAsnRoutes(
  app: FastifyInstance,
  { db, eksporLangsungMaks }: { db: Kysely<DB>; eksporLangsungMaks: number },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => nonAsnScope(principalOf(request));

  typed.post(
    '/api/pppk/nonasn/filter',
    nonAsnPage('Data Non ASN: daftar per instansi (seluruh instansi bagi pemantau nasional)', {
      body: nonAsnListRequestSchema,
      response: { 200: nonAsnListResponseSchema },
    }),
    async (request) => listNonAsn(db, scopeOf(request), request.body),
  );

  typed.post(
    '/api/pppk/nonasn/export',
    nonAsnPage('Unduh Data Non ASN (Excel atau CSV), sesuai saringan yang dipakai', {
      body: nonAsnExportRequestSchema,
    }),
    async (request, reply) => {
      const { format, ...view } = request.body;
      // Issue #33: over EKSPOR_LANGSUNG_MAKS rows the file is a job (202) the screen follows.
      return kirimEkspor(
        reply,
        db,
        {
          penggunaId: principalOf(request).id,
          jenis: 'NONASN',
          halaman: NONASN_PAGE,
          nama: 'data-nonasn',
          format,
          permintaan: { scope: scopeOf(request), view },
        },
        pembuatEksporNonAsn,
        eksporLangsungMaks,
      );
    },
  );

  typed.get(
    '/api/pppk/nonasn/instansi',
    nonAsnPage('Instansi yang memiliki Data Non ASN (pilihan saringan pemantau nasional)', {
      response: { 200: instansiOptionsSchema },
    }),
    async (request) => instansiOptions(db, scopeOf(request)),
  );

  typed.get(
    '/api/pppk/nonasn/:id',
    nonAsnPage('Satu Data Non ASN dengan riwayat konfirmasinya', {
      params: nonAsnIdParamsSchema,
      response: { 200: nonAsnDetailSchema },
    }),
    async (request) => nonAsnDetail(db, scopeOf(request), request.params.id),
  );

  typed.put(
    '/api/pppk/nonasn/updateStatus',
    nonAsnPage('Konfirmasi banyak Data Non ASN sekaligus di bawah SPTJM; jawaban per id', {
      body: konfirmasiNonAsnBanyakSchema,
      response: { 200: konfirmasiBanyakResultSchema },
    }),
    async (request) => {
      const { ids, status, alasan } = request.body;
      return konfirmasiNonAsnBanyak(db, adminOf(request), ids, { status, alasan });
    },
  );

  typed.put(
    '/api/pppk/nonasn/:id',
    nonAsnPage('Konfirmasi satu Data Non ASN (diusulkan / tidak diusulkan) di bawah SPTJM', {
      params: nonAsnIdParamsSchema,
      body: konfirmasiNonAsnSchema,
      response: { 200: konfirmasiResultSchema },
    }),
    async (request) => {
      const { status, alasan, version } = request.body;
      return konfirmasiNonAsn(db, adminOf(request), request.params.id, { status, alasan, version });
    },
  );

  typed.post(
    '/api/pppk/dashboard-konfirmasi/filter',
    dashboardPage('Dashboard konfirmasi Non ASN: kemajuan per instansi dan kategori', {
      body: dashboardKonfirmasiRequestSchema,
      response: { 200: dashboardKonfirmasiResponseSchema },
    }),
    async (request) => dashboardKonfirmasi(db, scopeOf(request), request.body),
  );
}
