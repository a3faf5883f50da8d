// The Afirmasi Admin calls (issue #5) for PPPK Teknis and Nakes, bound to the page
// `/{track}/afirmasi-admin` (spec §6: the track's checker): the list `{base}/afirmasi/filter`, a
// claim with the applicant, its evidence file, and the checker's decision `PUT {base}/afirmasi/{id}`.

import {
  AFIRMASI_TRACKS,
  type AfirmasiTrack,
  afirmasiDetailSchema,
  afirmasiListRequestSchema,
  afirmasiListResponseSchema,
  idParam,
  type Principal,
  periksaAfirmasiResultSchema,
  periksaAfirmasiSchema,
  TRACKS,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { actorOf, principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { type BerkasStore, sendBerkas } from '../../storage/berkas-store.js';
import { listScope } from '../pelamar/routes.js';
import { pageRoute } from '../shared/page-route.js';
import { type AfirmasiScope, afirmasiDetail, buktiAfirmasi, listAfirmasi, periksaAfirmasi } from './service.js';

const CHECKER_ROLE: Record<AfirmasiTrack, string> = {
  pppk: 'ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS',
  nakes: 'ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES',
};

export function afirmasiScope(principal: Principal, track: AfirmasiTrack, klaimMenit: number): AfirmasiScope {
  const base = listScope(principal, track, klaimMenit);
  const bolehPeriksa = principal.authorities.some(({ authority }) => authority === CHECKER_ROLE[track]);
  // The checker handles the instansi's applicants' claims (and checks evidence by NIK): full NIKs.
  return { ...base, track, bolehPeriksa, maskNik: base.maskNik && !bolehPeriksa };
}

const idParams = z.object({ id: idParam });

export async function afirmasiRoutes(
  app: FastifyInstance,
  { db, files, klaimMenit }: { db: Kysely<DB>; files: BerkasStore; klaimMenit: number },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const track of AFIRMASI_TRACKS) {
    const on = pageRoute([TRACKS[track].title], `/${track}/afirmasi-admin`);
    const base = `/api/${track}/afirmasi`;
    const scopeOf = (request: FastifyRequest) => afirmasiScope(principalOf(request), track, klaimMenit);

    typed.post(
      `${base}/filter`,
      on(`Daftar klaim afirmasi untuk halaman /${track}/afirmasi-admin`, {
        body: afirmasiListRequestSchema,
        response: { 200: afirmasiListResponseSchema },
      }),
      async (request) => listAfirmasi(db, scopeOf(request), request.body),
    );
    typed.get(
      `${base}/:id`,
      on('Satu klaim afirmasi: bukti, klaim lain pelamar, nilai afirmasi, data pelamar', {
        params: idParams,
        response: { 200: afirmasiDetailSchema },
      }),
      async (request) => afirmasiDetail(db, scopeOf(request), request.params.id, principalOf(request)),
    );
    typed.get(
      `${base}/:id/bukti`,
      on('Berkas bukti satu klaim afirmasi', { params: idParams }),
      async (request, reply) => sendBerkas(reply, files, await buktiAfirmasi(db, scopeOf(request), request.params.id)),
    );
    typed.put(
      `${base}/:id`,
      on('Keputusan checker: VALID/TIDAK_VALID dengan alasan (dalam jadwal afirmasi)', {
        params: idParams,
        body: periksaAfirmasiSchema,
        response: { 200: periksaAfirmasiResultSchema },
      }),
      async (request) => {
        const scope = scopeOf(request);
        if (!scope.bolehPeriksa || scope.instansiId === null) {
          throw forbidden('Hanya checker tambah nilai instansi yang dapat memeriksa klaim afirmasi.');
        }
        return periksaAfirmasi(db, scope, actorOf(request), request.params.id, request.body);
      },
    );
  }
}
