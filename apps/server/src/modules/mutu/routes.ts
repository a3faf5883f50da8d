// Issue #34: the sample rate of the blind second verification, set by the national operator
// (ROLE_SUPERADMIN) beside the stage windows on Jadwal Tahapan: bound to that page, 403 for every
// other role; each change audited and in force for the next decision saved. And the quality of
// verification of each track, bound to its page /{track}/mutu-verifikasi: the caller's instansi,
// or for the national roles every instansi or the one asked for; its per-verifier table as Excel
// or CSV.

import {
  EXPORT_FORMATS,
  type ExportFormat,
  JADWAL_ADMIN_PATH,
  type MutuQuery,
  mutuExportQuerySchema,
  mutuQuerySchema,
  mutuVerifikasiSchema,
  NATIONAL_ROLES,
  type Principal,
  sampelUbahSchema,
  sampelVerifikasiSchema,
  TRACK_IDS,
  TRACK_SCREENS,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { actorOf, principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { namaUnduhan, sendExport } from '../export/sheet.js';
import { pageRoute } from '../shared/page-route.js';
import { SharedReads } from '../shared/shared-reads.js';
import { eksporMutu } from './ekspor.js';
import { type FilterMutu, laporanMutu } from './laporan.js';
import { daftarSampel, ubahSampel } from './sampel.js';

/** The caller's view: their instansi, or (national roles) every instansi or the one asked for. */
function filterOf(principal: Principal, track: TrackId, query: MutuQuery): FilterMutu {
  const national = principal.authorities.some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority));
  if (!national && query.instansiId !== undefined && query.instansiId !== principal.instansi.id) {
    throw forbidden('Anda hanya dapat melihat mutu verifikasi instansi Anda sendiri.');
  }
  return {
    track,
    instansiId: national ? (query.instansiId ?? null) : principal.instansi.id,
    dari: query.dari ?? null,
    sampai: query.sampai ?? null,
    nasional: national,
  };
}

const tags = ['Mutu Verifikasi'];

export async function mutuRoutes(app: FastifyInstance, { db, cacheSeconds }: { db: Kysely<DB>; cacheSeconds: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The report is the same for everyone who sees the same instansi (or the nation), track and
  // span: shared between views for as long as the dashboard's instansi-wide figures are.
  const shared = new SharedReads(cacheSeconds * 1000);
  const laporan = (filter: FilterMutu) =>
    shared.get(
      [filter.track, filter.instansiId ?? 'nasional', filter.dari, filter.sampai, filter.nasional].join(':'),
      () => laporanMutu(db, filter),
    );
  const config = { access: { page: () => JADWAL_ADMIN_PATH } };
  r.get(
    '/api/admin/sampel-verifikasi',
    {
      config,
      schema: {
        tags,
        summary: 'Persentase sampel verifikasi kedua setiap jalur',
        response: { 200: sampelVerifikasiSchema },
      },
    },
    async () => daftarSampel(db),
  );
  r.put(
    '/api/admin/sampel-verifikasi',
    {
      config,
      schema: {
        tags,
        summary: 'Ubah persentase sampel verifikasi kedua satu jalur (0–100; 0 mematikan)',
        body: sampelUbahSchema,
      },
    },
    async (request) => ubahSampel(db, actorOf(request), request.body),
  );
  for (const track of TRACK_IDS) {
    if (!TRACK_SCREENS[track].includes('mutu-verifikasi')) continue;
    const on = pageRoute([TRACKS[track].title, ...tags], `/${track}/mutu-verifikasi`);
    const of = (request: FastifyRequest, query: MutuQuery) => filterOf(principalOf(request), track, query);
    r.get(
      `/api/${track}/mutu-verifikasi`,
      on('Mutu verifikasi: per verifikator, per alasan TMS dan per hari', {
        querystring: mutuQuerySchema,
        response: { 200: mutuVerifikasiSchema },
      }),
      async (request) => laporan(of(request, request.query)),
    );
    r.get(
      `/api/${track}/mutu-verifikasi/export`,
      on(`Unduh mutu verifikasi per verifikator (${EXPORT_FORMATS.join(' atau ')})`, {
        querystring: mutuExportQuerySchema,
      }),
      async (request, reply) => {
        const { format, ...query } = request.query;
        const isi = await laporan(of(request, query));
        return sendExport(
          reply,
          namaUnduhan(`mutu-verifikasi-${track}`, format as ExportFormat),
          format as ExportFormat,
          eksporMutu(isi, format),
        );
      },
    );
  }
}
