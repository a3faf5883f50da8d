// GET /api/dashboard: the role-aware dashboard of the signed-in user (any user; figures only for the
// roles they hold, scoped to their instansi unless the role is national).

import { dashboardResponseSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { principalOf } from '../../auth/access.js';
import type { DB } from '../../db/schema.js';
import { SharedReads } from '../shared/shared-reads.js';
import { dashboard } from './service.js';

export async function dashboardRoutes(
  app: FastifyInstance,
  { db, cacheSeconds }: { db: Kysely<DB>; cacheSeconds: number },
) {
  const shared = new SharedReads(cacheSeconds * 1000);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Dashboard'],
        summary: 'Dashboard: angka setiap jalur menurut peran pengguna',
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => dashboard(db, principalOf(request), { shared }),
  );
}
