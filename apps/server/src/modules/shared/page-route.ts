// The route options every call of a screen repeats, written once: the page of spec §2 it serves
// (its access, auth/access.ts) and its OpenAPI tags, beside each call's summary and schema. The
// calls themselves (method, path, handler) stay in their features' routes.ts.

import type { FastifyRequest, FastifySchema } from 'fastify';

/**
 * The options of the calls serving `page` (a path, or one read from the request) under `tags`:
 * `on(summary, schema)` is one call's `{ config, schema }`, the schema's types kept for its handler.
 */
export function pageRoute(tags: string[], page: string | ((request: FastifyRequest) => string)) {
  const config = { access: { page: typeof page === 'string' ? () => page : page } };
  return <S extends FastifySchema = object>(summary: string, schema?: S) => ({
    config,
    schema: { tags, summary, ...schema } as { tags: string[]; summary: string } & S,
  });
}
