// GET /api/jadwal: every track's stage windows, for the screens' deadlines and countdowns.

import { jadwalSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function jadwalRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/jadwal',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Jadwal'],
        summary: 'Jadwal setiap tahap setiap jalur (mulai dan selesai)',
        response: { 200: jadwalSchema },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('jadwal_tahap')
        .select(['track', 'tahap', 'mulai', 'selesai'])
        .orderBy('track')
        .orderBy('mulai')
        .execute();
      return rows.map((row) => ({
        track: row.track,
        tahap: row.tahap,
        mulai: new Date(row.mulai).toISOString(),
        selesai: new Date(row.selesai).toISOString(),
      }));
    },
  );
}
