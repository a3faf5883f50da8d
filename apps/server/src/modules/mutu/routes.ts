// Issue #34: the sample rate of the blind second verification, set by the national operator
// (ROLE_SUPERADMIN) beside the stage windows on Jadwal Tahapan: bound to that page, 403 for every
// other role; each change audited and in force for the next decision saved.

import { JADWAL_ADMIN_PATH, sampelUbahSchema, sampelVerifikasiSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { actorOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { daftarSampel, ubahSampel } from './sampel.js';

const tags = ['Mutu Verifikasi'];

export async function mutuRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}
