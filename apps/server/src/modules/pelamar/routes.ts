// POST /api/{track}/{list}/filter for every applicant list of every track that has its screen.
// Each route carries the page it serves (403 without it) and scopes rows to the caller's instansi
// unless the caller has a national role.

import {
  dokumenParamsSchema,
  hasTrackRole,
  listModeQuerySchema,
  NATIONAL_ROLES,
  PELAMAR_EXPORT_LISTS,
  PELAMAR_LIST_ENDPOINT,
  PELAMAR_LISTS,
  type PelamarList,
  type Principal,
  pelamarDetailSchema,
  pelamarExportRequestSchema,
  pelamarIdParamsSchema,
  pelamarListRequestSchema,
  pelamarListResponseSchema,
  TRACK_IDS,
  TRACK_SCREENS,
  TRACKS,
  type TrackId,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type BerkasStore, sendBerkas } from '../../storage/berkas-store.js';
import { kirimEkspor } from '../export/job.js';
import { pageRoute } from '../shared/page-route.js';
import { akhiranBentuk, BENTUK_BERKAS, dokumenBerkas, pelamarDetail } from './detail.js';
import { pembuatEksporPelamar } from './export.js';
import { type ListScope, listPelamar } from './queries.js';

export function listScope(principal: Principal, track: TrackId, klaimMenit: number): ListScope {
  const roles = principal.authorities.map((a) => a.authority);
  const national = roles.some((role) => (NATIONAL_ROLES as readonly string[]).includes(role));
  // The track's admins, verifiers and supervisors see full NIKs; monitoring roles masked ones.
  const handlesApplicants = hasTrackRole(principal.authorities, track, 'ADMIN', 'VERIFIKATOR', 'SUPERVISOR');
  return {
    track,
    instansiId: national ? null : principal.instansi.id,
    maskNik: !handlesApplicants,
    userId: principal.id,
    klaimMenit,
  };
}

/** The lists served at one `/api/{track}/{segment}`, by mode (the verifier's recap is a mode). */
function listsBySegment(track: TrackId) {
  const segments = new Map<string, { plain?: PelamarList; myVerifier?: PelamarList }>();
  for (const [list, endpoint] of Object.entries(PELAMAR_LIST_ENDPOINT) as [
    PelamarList,
    { segment: string; mode?: string },
  ][]) {
    if (!(TRACK_SCREENS[track] as readonly string[]).includes(PELAMAR_LISTS[list])) continue;
    const entry = segments.get(endpoint.segment) ?? {};
    entry[endpoint.mode ? 'myVerifier' : 'plain'] = list;
    segments.set(endpoint.segment, entry);
  }
  return segments;
}

export interface PelamarRouteOptions {
  db: Kysely<DB>;
  files: BerkasStore;
  klaimMenit: number;
  /** Issue #33: exports of more rows are made on the job queue (export/job.ts). */
  eksporLangsungMaks: number;
}

export async function pelamarListRoutes(
  app: FastifyInstance,
  { db, files, klaimMenit, eksporLangsungMaks }: PelamarRouteOptions,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const track of TRACK_IDS) {
    for (const [segment, modes] of listsBySegment(track)) {
      // The list a request is for: the mode in its query string picks the verifier's recap.
      const listOf = (request: FastifyRequest): PelamarList => {
        const mode = (request.query as { mode?: unknown } | undefined)?.mode;
        const list = mode === 'my-verifier' ? modes.myVerifier : modes.plain;
        if (!list) throw new AppError(404, 'NOT_FOUND', 'Daftar tidak dikenal.');
        return list;
      };
      const pageOf = (request: FastifyRequest) => `/${track}/${PELAMAR_LISTS[listOf(request)]}`;
      const served = [modes.plain, modes.myVerifier]
        .filter(Boolean)
        .map((list) => `/${track}/${PELAMAR_LISTS[list as PelamarList]}`);
      const scopeOf = (request: FastifyRequest) => listScope(principalOf(request), track, klaimMenit);
      const on = pageRoute([TRACKS[track].title], pageOf);
      typed.post(
        `/api/${track}/${segment}/filter`,
        on(`Daftar pelamar untuk halaman ${served.join(' dan ')}`, {
          querystring: listModeQuerySchema,
          body: pelamarListRequestSchema,
          response: { 200: pelamarListResponseSchema },
        }),
        async (request) => listPelamar(db, listOf(request), scopeOf(request), request.body),
      );
      if ([modes.plain, modes.myVerifier].some((list) => list && PELAMAR_EXPORT_LISTS.includes(list))) {
        typed.post(
          `/api/${track}/${segment}/export`,
          on(`Unduh daftar halaman ${served.join(' / ')} (Excel atau CSV), sesuai saringan yang dipakai`, {
            querystring: listModeQuerySchema,
            body: pelamarExportRequestSchema,
          }),
          async (request, reply) => {
            const list = listOf(request);
            if (!PELAMAR_EXPORT_LISTS.includes(list))
              throw new AppError(404, 'NOT_FOUND', 'Daftar ini tidak dapat diunduh.');
            const { format, ...view } = request.body;
            const screen = PELAMAR_LISTS[list];
            // Issue #33: over EKSPOR_LANGSUNG_MAKS rows the file is a job (202) the screen follows.
            return kirimEkspor(
              reply,
              db,
              {
                penggunaId: principalOf(request).id,
                jenis: 'PELAMAR',
                halaman: pageOf(request),
                nama: `${screen}-${track}`,
                format,
                permintaan: { list, scope: scopeOf(request), view, judul: screen },
              },
              pembuatEksporPelamar,
              eksporLangsungMaks,
            );
          },
        );
      }
      typed.get(
        `/api/${track}/${segment}/:id`,
        on(`Data lengkap satu pelamar, dari halaman ${served.join(' / ')}`, {
          params: pelamarIdParamsSchema,
          querystring: listModeQuerySchema,
          response: { 200: pelamarDetailSchema },
        }),
        async (request) => pelamarDetail(db, scopeOf(request), request.params.id, principalOf(request)),
      );
      // The original, and (issue #32) the rendition at the size a screen needs.
      for (const bentuk of BENTUK_BERKAS) {
        typed.get(
          `/api/${track}/${segment}/:id/dokumen/:dokumenId${akhiranBentuk(bentuk)}`,
          on(
            `Berkas satu dokumen pelamar${bentuk === 'tampilan' ? ' (tampilan ringkas)' : ''}, dari halaman ${served.join(' / ')}`,
            { params: dokumenParamsSchema, querystring: listModeQuerySchema },
          ),
          async (request, reply) => {
            const { id, dokumenId } = request.params;
            return sendBerkas(reply, files, await dokumenBerkas(db, scopeOf(request), id, dokumenId, bentuk));
          },
        );
      }
    }
  }
}
