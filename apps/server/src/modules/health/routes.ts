// Health for load balancers and supervisors (issue #17): /api/health (the process and the
// database, as before), /api/health/live (the process answers: restart it if not) and
// /api/health/ready (send it traffic: database reachable, migrations applied, not shutting down).

import { APP_VERSION, healthResponseSchema, readinessResponseSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { migrations } from '../../db/migrations/index.js';
import type { DB } from '../../db/schema.js';

/** What the process tells the health checks about itself. */
export interface Lifecycle {
  /** Shutting down: finishing the requests in flight, taking no new ones. */
  draining: boolean;
}

/** A check that has not answered by then counts as "unreachable" (a hung network, a full pool). */
const CHECK_TIMEOUT_MS = 2_000;

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('waktu habis')), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Round-trip time of `SELECT 1` in ms, or null when the database cannot be reached. */
async function databaseLatency(db: Kysely<DB>): Promise<number | null> {
  const started = performance.now();
  try {
    await within(sql`SELECT 1`.execute(db), CHECK_TIMEOUT_MS);
    return Math.round((performance.now() - started) * 100) / 100;
  } catch {
    return null;
  }
}

export async function healthRoutes(app: FastifyInstance, { db, lifecycle }: { db: Kysely<DB>; lifecycle: Lifecycle }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const known = Object.keys(migrations).length;

  routes.get(
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
      const latencyMs = await databaseLatency(db);
      if (latencyMs === null) {
        return reply.status(503).send({ status: 'degraded', version: APP_VERSION, database: { reachable: false } });
      }
      return reply.send({ status: 'ok', version: APP_VERSION, database: { reachable: true, latencyMs } });
    },
  );

  routes.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: { tags: ['sistem'], summary: 'Proses hidup (tanpa memeriksa basis data)' },
    },
    async () => ({ status: 'ok', version: APP_VERSION }),
  );

  routes.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sistem'],
        summary: 'Siap menerima permintaan: basis data terjangkau, migrasi lengkap, tidak sedang berhenti',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const latencyMs = await databaseLatency(db);
      const applied =
        latencyMs === null
          ? null
          : await within(
              sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(db),
              CHECK_TIMEOUT_MS,
            ).then(
              (r) => r.rows[0]?.n ?? 0,
              () => null,
            );
      const ready = latencyMs !== null && applied === known && !lifecycle.draining;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'not-ready',
        version: APP_VERSION,
        database: { reachable: latencyMs !== null, ...(latencyMs === null ? {} : { latencyMs }) },
        migrations: { applied, known },
        draining: lifecycle.draining,
      });
    },
  );
}
