// GET /api/health: is the process up and the database reachable (for load balancers).

import { APP_VERSION, healthResponseSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sistem'],
        summary: 'Status layanan dan keterjangkauan basis data',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      try {
        await sql`SELECT 1`.execute(db);
        const latencyMs = Math.round((performance.now() - started) * 100) / 100;
        return reply.send({ status: 'ok', version: APP_VERSION, database: { reachable: true, latencyMs } });
      } catch {
        return reply.status(503).send({ status: 'degraded', version: APP_VERSION, database: { reachable: false } });
      }
    },
  );
}
