// Issue #30: no input makes the server answer 5xx. Every operation of the OpenAPI document (the
// API and the identity provider under /realms/) gets requests generated from its own schemas by
// fast-check, with hostile values planted in them (test/json-schema-arbitrary.ts), sent through the
// real HTTP app over a small seeded dataset by callers who pass its access check; each answer must
// be below 500. Bounded and repeatable: FUZZ_SEED (default fixed) and FUZZ_RUNS per route.

import {
  DEMO_ACCOUNTS,
  demoMenuPrincipal,
  ERROR_CODES,
  PAGE_SIZES,
  ROLES,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@portal/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedAfirmasi } from './db/seed/afirmasi.js';
import { attributeDecisions } from './db/seed/jadwal.js';
import { seedNonAsn } from './db/seed/nonasn.js';
import { seedSanggah } from './db/seed/sanggah.js';
import { seedSanggahNilai } from './db/seed/sanggah-nilai.js';
import { useApiFixture } from './test/api-fixture.js';
import {
  arbitraryOf,
  exampleOf,
  hostileString,
  hostileValue,
  type JsonSchema,
  sweepOf,
  useHints,
  withHostileLeaves,
} from './test/json-schema-arbitrary.js';
import { createUser } from './test/test-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20240830);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/**
 * Operations not fuzzed, each with the reason. Everything else in the OpenAPI document is,
 * downloads and exports included (the seeded data is small, so a valid request is cheap).
 * - The import check is a multipart upload whose file is the input: parsing files is the import
 *   module's own subject (modules/impor tests), not a schema's.
 */
const SKIPPED: Record<string, string> = {
  'POST /api/admin/impor/{jenis}/cek': 'multipart upload (berkas impor), diuji oleh modules/impor',
};

/** Who calls: one account holding every role (past every page check), and demo accounts of each kind. */
const OMNI = 'fuzz.semua';
const CALLERS = [
  'superadmin',
  'wasdal',
  'menpan',
  'nonasn.bkn',
  'penjawab.skd',
  'admin.nakes',
  'admin.pppk',
  'verifikator.cpns',
  'supervisor.nakes',
  'checker.pppk',
  'operator.multi',
];
const XSRF = 'fuzz-xsrf-token';

// What the schemas' refinements ask beyond their JSON schema (see Hints).
useHints({
  pageSize: PAGE_SIZES,
  // MS without reasons; TMS needs one (the generated ones are often right by chance).
  alasanTms: [[]],
  // A stage window ends after it starts.
  mulai: ['2024-08-20T08:00:00+07:00'],
  selesai: ['2024-12-31T17:00:00+07:00'],
  // The letterhead's logo is read as an image: none, mostly.
  logo: [null, undefined],
});

/** Paths of the identity provider behind /realms/public/{*}, and parameters its endpoints read. */
const REALM_PATHS = [
  '.well-known/openid-configuration',
  'protocol/openid-connect/auth',
  'protocol/openid-connect/certs',
  'protocol/openid-connect/logout',
  'protocol/openid-connect/token/introspect',
  'protocol/openid-connect/ext/par/request',
  'protocol/openid-connect/login-status',
  'login-actions/x/abort',
  '%00',
  '..%2f..%2fetc%2fpasswd',
  '%ED%A0%80',
];
const OIDC_FIELDS = [
  'grant_type',
  'code',
  'refresh_token',
  'token',
  'client_id',
  'client_secret',
  'redirect_uri',
  'code_verifier',
  'scope',
  'response_type',
  'state',
  'nonce',
  'prompt',
  'id_token_hint',
  'post_logout_redirect_uri',
  'username',
  'password',
  'otp',
  'token_type_hint',
];
const OIDC_VALUES = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
  'password',
  'verifikasi',
  'openid profile email',
  'code',
  'http://localhost:3000/auth/callback',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x',
  'a.b.c',
];

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  template: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; fields: Record<string, string> }
  | { kind: 'raw'; contentType: string | null; payload: string };

/** What one generated call sends, before it is written as HTTP. */
interface FuzzRequest {
  caller: string | null;
  junkAuthorization: string | null;
  path: Record<string, unknown>;
  query: unknown;
  body: Body | null;
}

/** A path or query value as text: strings as they are, other JSON as JSON. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * Percent-encodes like encodeURIComponent, except that a lone surrogate (which has no UTF-8 form)
 * becomes the bytes an encoder that ignores the rule would write: the server must survive those.
 */
function encode(text: string): string {
  return Array.from(text, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      const code = c.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }).join('');
}

/** Query pairs of a generated query: arrays as repeated keys, anything that is not an object as `q`. */
function queryPairs(value: unknown): [string, string][] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [['q', asText(value)]];
  return Object.entries(value).flatMap(([key, item]) =>
    (Array.isArray(item) ? item : [item]).map((one): [string, string] => [key, asText(one)]),
  );
}

function payloadOf(body: Body): { contentType: string | null; payload: string } {
  switch (body.kind) {
    case 'json':
      return { contentType: 'application/json', payload: JSON.stringify(body.value) ?? 'null' };
    case 'form':
      return {
        contentType: 'application/x-www-form-urlencoded',
        payload: Object.entries(body.fields)
          .map(([key, value]) => `${encode(key)}=${encode(value)}`)
          .join('&'),
      };
    default:
      return body;
  }
}

const RAW_BODIES = [
  '{',
  '{"a":',
  '[',
  '1e400',
  '{"paginator":{"page":1e400,"pageSize":10}}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  'null',
  '[]',
  '""',
  '\u0000',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`,
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        template,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

const pathNamesOf = (op: Operation) => [...op.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
const isRealm = (op: Operation) => op.template.startsWith('/realms/');
const sendsBody = (op: Operation) => !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(op.method);

/** The path, query and body parameters of an operation as JSON schemas of objects. */
function schemasOf(op: Operation) {
  const objectOf = (where: Parameter['in'], names?: string[]): JsonSchema => {
    const parameters = op.parameters.filter((p) => p.in === where && (!names || names.includes(p.name)));
    return {
      type: 'object',
      properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? { type: 'string' }])),
      required: parameters.filter((p) => p.required || where === 'path').map((p) => p.name),
    };
  };
  return {
    path: objectOf(
      'path',
      pathNamesOf(op).filter((name) => name !== '*'),
    ),
    query: objectOf('query'),
  };
}

/** The requests of one operation: its schemas' values, hostile ones planted, odd bodies now and then. */
function requestsOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const realm = isRealm(op);
  const schemas = schemasOf(op);
  const pathValue = (name: string): fc.Arbitrary<unknown> =>
    name === '*'
      ? fc.oneof(fc.constantFrom(...REALM_PATHS), fc.string({ maxLength: 30 }))
      : fc.oneof(
          { weight: 6, arbitrary: arbitraryOf(schemas.path.properties?.[name]) },
          { weight: 2, arbitrary: hostileValue() },
          { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%80', '..', '%2e%2e%2f', ' ') },
        );
  const path = fc.record(Object.fromEntries(pathNamesOf(op).map((name) => [name, pathValue(name)])));
  const oidcFields = fc.dictionary(
    fc.constantFrom(...OIDC_FIELDS),
    fc.oneof(fc.constantFrom(...OIDC_VALUES), hostileString()),
    { maxKeys: 5 },
  );
  const query = realm ? oidcFields : withHostileLeaves(arbitraryOf(schemas.query), 1);
  const odd = fc.oneof(
    fc.constantFrom(...RAW_BODIES).map((payload): Body => ({ kind: 'raw', contentType: 'application/json', payload })),
    fc.constantFrom(...RAW_BODIES).map((payload): Body => ({ kind: 'raw', contentType: 'text/plain', payload })),
    fc.string({ unit: 'binary', maxLength: 50 }).map((payload): Body => ({ kind: 'raw', contentType: null, payload })),
  );
  const none = fc.constant(null);
  const body: fc.Arbitrary<Body | null> = !sendsBody(op)
    ? none
    : realm
      ? fc.oneof(
          { weight: 6, arbitrary: oidcFields.map((fields): Body => ({ kind: 'form', fields })) },
          { weight: 1, arbitrary: odd },
          { weight: 1, arbitrary: none },
        )
      : op.body
        ? fc.oneof(
            {
              weight: 8,
              arbitrary: withHostileLeaves(arbitraryOf(op.body)).map((value): Body => ({ kind: 'json', value })),
            },
            { weight: 1, arbitrary: odd },
            { weight: 1, arbitrary: none },
          )
        : fc.oneof({ weight: 3, arbitrary: none }, { weight: 1, arbitrary: odd });

  return fc.record({
    caller: fc.oneof(
      { weight: 6, arbitrary: fc.constant<string | null>(OMNI) },
      { weight: 4, arbitrary: fc.constantFrom<string | null>(...CALLERS) },
      { weight: realm ? 4 : 0, arbitrary: fc.constant(null) },
    ),
    junkAuthorization: fc.oneof(
      { weight: 20, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('Bearer a.b.c', 'Basic Og==', `Bearer ${'a'.repeat(5000)}`, 'Bearer') },
    ),
    path,
    query,
    body,
  });
}

/**
 * The sweep of one operation (json-schema-arbitrary.ts sweepOf): a full request with one field at
 * a time — path, query or body, at any depth — holding NUL, a lone surrogate, an impossible date
 * or an integer past int4; the first is the full request itself (the base). Run before the random
 * requests, by the account that may call anything.
 */
function sweepOfOperation(op: Operation): FuzzRequest[] {
  const schemas = schemasOf(op);
  const path = { ...(exampleOf(schemas.path) as Record<string, unknown>), '*': REALM_PATHS[0] };
  const query = exampleOf(schemas.query);
  const realmForm: Record<string, string> = { grant_type: 'refresh_token', client_id: 'verifikasi', username: 'uji' };
  const body: Body | null = !sendsBody(op)
    ? null
    : isRealm(op)
      ? { kind: 'form', fields: realmForm }
      : op.body
        ? { kind: 'json', value: exampleOf(op.body) }
        : null;
  const request = (part: Partial<FuzzRequest>): FuzzRequest => ({
    caller: OMNI,
    junkAuthorization: null,
    path,
    query,
    body,
    ...part,
  });
  const sweeps: FuzzRequest[] = [
    request({}),
    ...sweepOf(schemas.path).map((value) => request({ path: { ...path, ...(value as object) } })),
    ...sweepOf(schemas.query).map((value) => request({ query: value })),
  ];
  if (body?.kind === 'json')
    sweeps.push(...sweepOf(op.body ?? undefined).map((value) => request({ body: { kind: 'json', value } })));
  if (body?.kind === 'form') {
    for (const [key, value] of Object.entries(realmForm)) {
      for (const hostile of ['\u0000', '\uD800']) {
        sweeps.push(request({ body: { kind: 'form', fields: { ...realmForm, [key]: `${value}${hostile}` } } }));
      }
    }
  }
  return sweeps;
}

describe('fuzz: no route answers 5xx (issue #30)', () => {
  const api = useApiFixture({
    config: { sessionCacheSeconds: 0 },
    applicants: {
      seed: 30,
      blocks: [
        { instansiId: 3, track: 'cpns', applicants: 40 },
        { instansiId: 4, track: 'pppk', applicants: 40 },
        { instansiId: 5, track: 'pppk-guru', applicants: 40 },
        { instansiId: 6, track: 'nakes', applicants: 40 },
        { instansiId: 7, track: 'cpns', applicants: 15 },
        { instansiId: 7, track: 'pppk', applicants: 15 },
        { instansiId: 7, track: 'pppk-guru', applicants: 15 },
        { instansiId: 7, track: 'nakes', applicants: 15 },
      ],
    },
    seed: async ({ ctx, store, passwords }) => {
      await attributeDecisions(ctx.db);
      await seedSanggah(ctx.db);
      await seedAfirmasi(ctx.db, store);
      await seedSanggahNilai(ctx.db);
      await seedNonAsn(
        ctx.db,
        [
          { instansiId: 4, records: 60 },
          { instansiId: 7, records: 30 },
        ],
        30,
      );
      const omni = await createUser(ctx.db, {
        username: OMNI,
        roles: [...ROLES],
        flags: { isCpns: true, isPppk: true, isPppkGuru: true, isPppkNakes: true },
        instansiId: 7,
      });
      passwords.set(OMNI, omni.password);
    },
    timeout: 120_000,
  });

  /** Undoes what a fuzzed call may have changed that would stop the next ones at the door. */
  async function restore(): Promise<void> {
    const { db } = api.ctx;
    for (const account of DEMO_ACCOUNTS.filter((a) => CALLERS.includes(a.username))) {
      const flags = demoMenuPrincipal(account);
      await db
        .updateTable('app_user')
        .set({
          active: true,
          authorities: account.roles,
          totp_secret: null,
          is_cpns: flags.isCpns,
          is_pppk: flags.isPppk,
          is_pppk_guru: flags.isPppkGuru,
          is_pppk_nakes: flags.isPppkNakes,
        })
        .where('username', '=', account.username)
        .execute();
    }
    await db
      .updateTable('app_user')
      .set({ active: true, authorities: [...ROLES], totp_secret: null, instansi_id: 7 })
      .where('username', '=', OMNI)
      .execute();
    await db.deleteFrom('login_lockout').execute();
    await db.deleteFrom('final_verifikasi').execute();
    // Every stage window open (as setWindow opens one), so calls are not refused as out of schedule.
    await db
      .updateTable('jadwal_tahap')
      .set({ mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` })
      .execute();
  }

  const tokens = new Map<string, string>();
  async function tokenOf(username: string, fresh = false): Promise<string> {
    const known = tokens.get(username);
    if (known && !fresh) return known;
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      cookies: { [XSRF_COOKIE]: XSRF },
      headers: { [XSRF_HEADER]: XSRF },
      payload: { username, password: api.passwords.get(username) ?? 'Demo#2024' },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    const token = res.json().accessToken as string;
    tokens.set(username, token);
    return token;
  }

  function urlOf(op: Operation, request: FuzzRequest): string {
    const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = asText(request.path[name] ?? '');
      // Raw percent sequences and the wildcard's sub-path are sent as they are.
      return name === '*' || /^(%|\.\.)/.test(value) ? value : encode(value);
    });
    const query = queryPairs(request.query)
      .map(([key, value]) => `${encode(key)}=${encode(value)}`)
      .join('&');
    return query ? `${path}?${query}` : path;
  }

  async function send(op: Operation, request: FuzzRequest, retry = true): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { [XSRF_HEADER]: XSRF };
    if (request.junkAuthorization) headers.authorization = request.junkAuthorization;
    else if (request.caller) headers.authorization = `Bearer ${await tokenOf(request.caller)}`;
    const body = request.body ? payloadOf(request.body) : null;
    if (body?.contentType) headers['content-type'] = body.contentType;
    const options: InjectOptions = {
      method: op.method as InjectOptions['method'],
      url: urlOf(op, request),
      headers,
      cookies: { [XSRF_COOKIE]: XSRF },
      ...(body ? { payload: body.payload } : {}),
    };
    const res = await api.ctx.app.inject(options);
    // A fuzzed call signed the caller out, deactivated or changed it: restore it, call again.
    if (res.statusCode === 401 && retry && request.caller && !request.junkAuthorization) {
      await restore();
      await tokenOf(request.caller, true);
      return send(op, request, false);
    }
    return res;
  }

  it(
    'answers every generated request to every route below 500, and reaches every route past its access check',
    async () => {
      await api.ctx.app.ready();
      const operations = operationsOf(api.ctx.app.swagger() as never).filter(
        (op) => !SKIPPED[`${op.method} ${op.template}`],
      );
      expect(operations.length).toBeGreaterThan(200);
      const failures: string[] = [];
      const unreached: string[] = [];
      const invalidBases: string[] = [];
      let requests = 0;
      let dirty = true;
      const started = Date.now();
      for (const [index, op] of operations.entries()) {
        const name = `${op.method} ${op.template}`;
        // Only a call that may write can have changed what the next route's callers need.
        if (dirty) await restore();
        dirty = !['GET', 'HEAD', 'OPTIONS'].includes(op.method);
        // Routes that ask who calls (401 without a token) must be reached past that by some request.
        const anonymous = await api.ctx.app.inject({
          method: op.method as InjectOptions['method'],
          url: op.template.replace(/\{[^}]+\}/g, '1'),
          cookies: { [XSRF_COOKIE]: XSRF },
          headers: { [XSRF_HEADER]: XSRF },
        });
        const guarded = anonymous.statusCode === 401 && op.template.startsWith('/api/');
        // The sweep's base must pass the schema, or every swept field would stop before its handling.
        const sweep = sweepOfOperation(op).map((request) => [request] as [FuzzRequest]);
        const [base] = sweep[0] ?? [];
        if (base && op.template.startsWith('/api/')) {
          const res = await send(op, base).catch(() => null);
          if (res?.statusCode === 400 && res.json().error === ERROR_CODES.validation) {
            invalidBases.push(`${name}: ${res.json().message}`);
          }
        }
        let reached = 0;
        let failure: string | null = null;
        // The sweep's requests come first and count in numRuns: RUNS random ones after them.
        const result = await fc.check(
          fc.asyncProperty(requestsOf(op), async (request) => {
            const res = await send(op, request);
            requests++;
            if (res.statusCode !== 401 && res.statusCode !== 403) reached++;
            if (res.statusCode < 500) return true;
            const body = request.body ? payloadOf(request.body).payload.slice(0, 1000) : '';
            failure = `${name} → ${res.statusCode} ${res.body.slice(0, 500)}\n  ${op.method} ${urlOf(op, request)}\n  caller ${request.caller}, body ${JSON.stringify(body)}`;
            return false;
          }),
          { seed: SEED + index, numRuns: sweep.length + RUNS, endOnFailure: true, examples: sweep },
        );
        if (result.failed) failures.push(failure ?? `${name}: ${String(result.errorInstance)}`);
        if (guarded && reached === 0) unreached.push(name);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(
        `fuzz: ${operations.length} rute, ${requests} permintaan, ${seconds} s (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`,
      );
      expect(failures, `5xx (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${failures.join('\n\n')}`).toEqual([]);
      expect(unreached, 'rute yang tidak pernah dicapai melewati pemeriksaan akses').toEqual([]);
      expect(invalidBases, 'contoh dasar sapuan yang ditolak skemanya (tambahkan petunjuk)').toEqual([]);
    },
    15 * 60_000,
  );
});
