// Issue #33: the calls that follow a list export made on the job queue (job.ts): where it stands,
// its file, cancelling it, and the screen's export to follow again after a reload. Any signed-in
// user, and only for their own exports (another's is "not found").

import { eksporHalamanQuerySchema, eksporJobSchema, eksporParamsSchema, eksporTerakhirSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import type { BerkasStore } from '../../storage/berkas-store.js';
import { batalkanEkspor, berkasEkspor, eksporHalaman, eksporJob } from './job.js';
import { sendExport } from './sheet.js';

export async function eksporRoutes(app: FastifyInstance, { db, files }: { db: Kysely<DB>; files: BerkasStore }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const on = <S extends object>(summary: string, schema: S) => ({
    config: { access: 'authenticated' as const },
    schema: { tags: ['Unduhan'], summary, ...schema },
  });

  typed.get(
    '/api/ekspor',
    on('Unduhan daftar milik pengguna pada satu halaman yang masih disiapkan atau belum diunduh', {
      querystring: eksporHalamanQuerySchema,
      response: { 200: eksporTerakhirSchema },
    }),
    async (request) => ({ ekspor: await eksporHalaman(db, principalOf(request).id, request.query.halaman) }),
  );
  typed.get(
    '/api/ekspor/:id',
    on('Kemajuan penyiapan berkas unduhan: menunggu, disiapkan (baris), siap diunduh, atau gagal (alasannya)', {
      params: eksporParamsSchema,
      response: { 200: eksporJobSchema },
    }),
    async (request) => eksporJob(db, principalOf(request).id, request.params.id),
  );
  typed.get(
    '/api/ekspor/:id/berkas',
    on('Berkas unduhan yang sudah siap (Excel atau CSV), selama disimpan', { params: eksporParamsSchema }),
    async (request, reply) => {
      const { job, isi } = await berkasEkspor(db, files, principalOf(request).id, request.params.id);
      return sendExport(reply, job.namaBerkas, job.format, isi);
    },
  );
  typed.post(
    '/api/ekspor/:id/batal',
    on('Batalkan penyiapan berkas unduhan', { params: eksporParamsSchema, response: { 200: eksporJobSchema } }),
    async (request) => batalkanEkspor(db, principalOf(request).id, request.params.id),
  );
}
