// The verification and supervision items of every track (issue #4), each bound to the page it
// serves: `{base}` = `/api/{track}/{list}` (docs/decisions.md) –
//   POST verifikator/ambil, POST verifikator/{id}/ambil   claim the next / this applicant
//   POST verifikator/{id}/lepas                           give a claimed applicant back
//   PUT  verifikator/{id}                                 the verifier's decision
//   GET  verifikator/harian?mode=my-verifier              my decisions per day
//   PUT  supervisor/{id}, PUT supervisor/updateStatus     review one / agree to many
//   GET, PUT admin/final-verifikasi                       the admin's final lock

import {
  ambilResultSchema,
  ambilSchema,
  finalVerifikasiSchema,
  harianQuerySchema,
  harianSchema,
  hasTrackRole,
  keputusanSupervisiSchema,
  keputusanVerifikasiSchema,
  pelamarIdParamsSchema,
  TRACK_IDS,
  TRACK_SCREENS,
  TRACKS,
  updateStatusResultSchema,
  updateStatusSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { actorOf, principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { AppError, forbidden } from '../../errors.js';
import { pageRoute } from '../shared/page-route.js';
import { ambilBerikutnya, ambilPelamar, lepasPelamar } from './claim.js';
import type { TrackScope } from './guards.js';
import { harianSaya, kunciFinal, putusSupervisi, putusVerifikasi, setujuiBanyak, statusFinal } from './service.js';

const versionSchema = z.object({ version: z.number() });

export async function verifikasiRoutes(
  app: FastifyInstance,
  { db, klaimMenit }: { db: Kysely<DB>; klaimMenit: number },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const track of TRACK_IDS) {
    if (!TRACK_SCREENS[track].includes('verifikasi')) continue;
    const tags = [TRACKS[track].title];
    const scopeOf = (request: FastifyRequest): TrackScope => ({
      track,
      instansiId: principalOf(request).instansi.id,
      klaimMenit,
    });
    const page = (screen: string) => pageRoute(tags, `/${track}/${screen}`);
    const verifikasi = page('verifikasi');
    const supervisi = page('supervisi');
    const rekapPelamar = page('rekap-pelamar');

    typed.post(
      `/api/${track}/verifikator/ambil`,
      verifikasi('Ambil pelamar berikutnya dari antrean verifikasi', {
        body: ambilSchema,
        response: { 200: ambilResultSchema },
      }),
      async (request) => {
        const next = await ambilBerikutnya(db, scopeOf(request), actorOf(request), request.body.kecuali);
        if (!next) throw new AppError(404, 'ANTRIAN_KOSONG', 'Tidak ada lagi pelamar yang menunggu verifikasi.');
        return next;
      },
    );
    typed.post(
      `/api/${track}/verifikator/:id/ambil`,
      verifikasi('Ambil pelamar ini untuk diverifikasi', {
        params: pelamarIdParamsSchema,
        response: { 200: ambilResultSchema },
      }),
      async (request) => ambilPelamar(db, scopeOf(request), actorOf(request), request.params.id),
    );
    typed.post(
      `/api/${track}/verifikator/:id/lepas`,
      verifikasi('Lepaskan pelamar yang sedang saya kerjakan (belum diputuskan)', {
        params: pelamarIdParamsSchema,
        response: { 200: ambilResultSchema },
      }),
      async (request) => lepasPelamar(db, scopeOf(request), actorOf(request), request.params.id),
    );
    typed.put(
      `/api/${track}/verifikator/:id`,
      verifikasi('Simpan keputusan verifikasi (MS/TMS) dengan hasil pemeriksaan dokumen', {
        params: pelamarIdParamsSchema,
        body: keputusanVerifikasiSchema,
        response: { 200: versionSchema },
      }),
      async (request) => putusVerifikasi(db, scopeOf(request), actorOf(request), request.params.id, request.body),
    );
    typed.get(
      `/api/${track}/verifikator/harian`,
      page('rekap-verifikasi')('Jumlah keputusan saya per hari', {
        querystring: harianQuerySchema,
        response: { 200: harianSchema },
      }),
      async (request) => harianSaya(db, scopeOf(request), actorOf(request), request.query),
    );
    typed.put(
      `/api/${track}/supervisor/updateStatus`,
      supervisi('Setujui banyak keputusan sekaligus; jawaban per id', {
        body: updateStatusSchema,
        response: { 200: updateStatusResultSchema },
      }),
      async (request) => setujuiBanyak(db, scopeOf(request), actorOf(request), request.body.ids),
    );
    typed.put(
      `/api/${track}/supervisor/:id`,
      supervisi('Setujui atau kembalikan satu keputusan verifikasi', {
        params: pelamarIdParamsSchema,
        body: keputusanSupervisiSchema,
        response: { 200: versionSchema },
      }),
      async (request) => putusSupervisi(db, scopeOf(request), actorOf(request), request.params.id, request.body),
    );
    typed.get(
      `/api/${track}/admin/final-verifikasi`,
      rekapPelamar('Status final verifikasi instansi', { response: { 200: finalVerifikasiSchema } }),
      async (request) => statusFinal(db, scopeOf(request)),
    );
    typed.put(
      `/api/${track}/admin/final-verifikasi`,
      rekapPelamar('Final verifikasi: kunci hasil verifikasi instansi (admin instansi)', {
        body: z.object({ konfirmasi: z.literal(true) }).strict(),
        response: { 200: finalVerifikasiSchema },
      }),
      async (request) => {
        const principal = principalOf(request);
        if (!hasTrackRole(principal.authorities, track, 'ADMIN')) {
          throw forbidden('Final verifikasi hanya dapat dilakukan oleh admin instansi.');
        }
        return kunciFinal(db, scopeOf(request), actorOf(request));
      },
    );
  }
}
