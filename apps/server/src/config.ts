// Server configuration from the environment, validated once at start, with safe defaults for
// the embedded (PGlite, demo data) mode. Production sets DATABASE_URL and the secrets.

import path from 'node:path';
import { z } from 'zod';
import type { S3Options } from './storage/s3-berkas-store.js';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Issue #17: how long start-up waits for a PostgreSQL that is not reachable yet (0: not at all). */
  DB_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Issue #17: on SIGTERM, how long requests in flight may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * Issue #22: on SIGTERM, how long the instance keeps taking requests while answering not-ready,
   * before it stops listening (for load balancers that poll /api/health/ready; nginx needs 0).
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** Issue #22: GET /metrics on the public port, with `Authorization: Bearer <token>`; unset: 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Issue #22: a port of its own serving /metrics without a token (on METRICS_HOST). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /** HS256 key for the portal's own access tokens; generated and kept in the database if unset. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .default(8 * 60 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Issue #30: the public document check, per client address, counted in the database. */
  CEK_DOKUMEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Issue #30: the largest file the public check reads (the largest announcement is 25 MB). */
  CEK_DOKUMEN_MAX_MB: z.coerce.number().int().min(1).max(1024).default(50),
  /** Issue #31: the agency's certificate (PKCS#12) signing official PDFs; a folder of {kode instansi}.p12. */
  TTE_P12: z.string().min(1).optional(),
  TTE_P12_DIR: z.string().min(1).optional(),
  TTE_P12_PASSWORD: z.string().default(''),
  /** Issue #30: the OpenAPI description (/api/docs); default public in the demo only. */
  API_DOCS: z.enum(['public', 'authenticated', 'off']).optional(),
  SEED_DEMO: bool,
  /**
   * Issue #35: documents this instance reads at once (OCR workers taking jobs from the queue); 0:
   * none here (a separate `npm run worker` process, or another instance, reads them).
   */
  BACA_PEKERJA: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * Issue #33: imports this process applies at once (jobs from the same queue); 0: none here (a
   * separate `npm run worker` process, or another instance, applies them).
   */
  IMPOR_PEKERJA: z.coerce.number().int().min(0).max(8).default(1),
  /** Issue #33: announcements this process (an instance or `npm run worker`) makes at once. */
  DOKUMEN_PEKERJA: z.coerce.number().int().min(0).max(8).default(1),
  /** Issue #33: list exports this process writes at once (jobs from the same queue). */
  EKSPOR_PEKERJA: z.coerce.number().int().min(0).max(8).default(1),
  /**
   * Issue #33: a list export of more rows than this is made on the job queue (the screen follows
   * it, then downloads the file); up to it, it streams from its request as before.
   */
  EKSPOR_LANGSUNG_MAKS: z.coerce.number().int().min(0).default(20_000),
  /**
   * Issue #35: the CPU priority (nice, 0–19) of the OCR threads and of `npm run worker`: reading
   * takes what the people at work leave, and all of an idle machine.
   */
  BACA_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * Issue #35: how many demo applicants besides Raja Ampat's get their own generated documents
   * (generated in the background after start, then read); the rest keep the placeholder.
   */
  DEMO_DOKUMEN: z.coerce.number().int().min(0).max(100_000).default(2000),
  /**
   * Issue #34: the sample rate of the blind second verification a fresh demo starts with, every
   * track (unset: the default 5 %); the e2e suite starts at 0 so that its flows decide what they
   * expect, and its second-verification flow sets the rate itself.
   */
  DEMO_SAMPEL_PERSEN: z.coerce.number().min(0).max(100).optional(),
  /** Issue #35: the PostgreSQL schema of the job queue (pg-boss's tables). */
  ANTREAN_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/)
    .default('pgboss'),
  TRUST_PROXY: bool,
  COOKIE_SECURE: bool,
  /** A verifier's claim on an applicant lapses after this many minutes (issue #4). */
  /** Instansi-wide and national dashboard figures are shared between views for this long. */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  CLAIM_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Issue #6: outgoing mail; unset = the development mailbox (GET /api/dev/mailbox). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Portal Verifikasi ASN <no-reply@portal-asn.go.id>'),
  /** Issue #6: GET /api/dev/mailbox readable; default outside production only. */
  DEV_MAILBOX: bool,
  /** Issue #6: self-registration (POST /api), off unless asked for. */
  ALLOW_REGISTRATION: bool,
  /** Origin users reach the server at; the embedded identity provider's issuer is built from it. */
  PUBLIC_URL: z.string().url().optional(),
  /** Single sign-on (issue #6). Unset: the embedded provider at {PUBLIC_URL}/realms/{OIDC_REALM}. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_REALM: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('public'),
  OIDC_CLIENT_ID: z.string().min(1).default('verifikasi'),
  /** The `aud` an identity-service access token must carry; defaults to the client id. */
  OIDC_AUDIENCE: z.string().min(1).optional(),
  /** The token claim naming the portal user. */
  OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
  /** Embedded provider: comma-separated redirect URIs of the client (default: the SPA's). */
  OIDC_REDIRECT_URIS: z.string().optional(),
  /** Issue #22: where documents live; default PostgreSQL with DATABASE_URL, else the folder. */
  BERKAS_STORE: z.enum(['folder', 'postgres', 's3']).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string | null };
  /** Seconds start-up waits for an unreachable database, trying every 2 s (0: fail at once). */
  dbStartupWaitSeconds: number;
  /** Seconds SIGTERM waits for requests in flight. */
  shutdownTimeoutSeconds: number;
  /** Seconds after SIGTERM during which requests are still taken while readiness says 503. */
  shutdownDelaySeconds: number;
  /** GET /metrics: the token it asks for on the public port (null: 404 there), and its own port. */
  metrics: { token: string | null; port: number | null; host: string };
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginRateLimitPerMinute: number;
  /** The public document check: requests per client address and minute, the largest file read. */
  cekDokumen: { perMinute: number; maxBytes: number };
  /** Issue #31: the certificates signing official PDFs (none: the demo's own, refused elsewhere). */
  tte: { p12: string | null; p12Dir: string | null; password: string };
  /** Who reads the OpenAPI description at /api/docs: anyone, a signed-in account, or nobody. */
  apiDocs: 'public' | 'authenticated' | 'off';
  seedDemo: boolean;
  /** Issue #35: the reading of documents: workers in this process and the queue's schema. */
  baca: { pekerja: number; nice: number; antreanSchema: string; demoDokumen: number };
  /** Issue #34: the sample rate a fresh demo starts with (undefined: the migration's default). */
  demoSampelPersen: number | undefined;
  /** Issue #33: import apply jobs this process takes from the queue at once. */
  impor: { pekerja: number };
  dokumen: { pekerja: number };
  /** Issue #33: export jobs this process writes at once; exports of more rows are jobs. */
  ekspor: { pekerja: number; langsungMaks: number };
  trustProxy: boolean;
  cookieSecure: boolean;
  logLevel: string;
  /** Single sign-on: the embedded provider, or an external one (Keycloak realm) by issuer URL. */
  oidc: OidcConfig;
  /** The origin users reach the portal at (PUBLIC_URL), e.g. for the check address on documents. */
  publicUrl: string;
  /** Minutes after which a verifier's claim lapses. */
  klaimMenit: number;
  /** Seconds the instansi-wide and national dashboard reads are shared between views (0: never). */
  dashboardCacheSeconds: number;
  /** How long an instance reuses a session's check (a revocation elsewhere waits at most this). */
  sessionCacheSeconds: number;
  /** The document folder (content-addressed): DATA_DIR/berkas; the store when `berkas` is the folder. */
  filesDir: string;
  /** Where documents live (issue #22). */
  berkas: { kind: 'folder' } | { kind: 'postgres' } | { kind: 's3'; s3: S3Options };
  /** Folder of the built SPA; null when the SPA is not served (tests, API-only). */
  webDist: string | null;
  /** SMTP server of outgoing mail; null = the development mailbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Self-registration (POST /api) is open. */
  allowRegistration: boolean;
  /** The development mailbox can be read at GET /api/dev/mailbox (never by default in production). */
  devMailbox: boolean;
}

export interface OidcConfig {
  mode: 'embedded' | 'external';
  issuer: string;
  realm: string;
  clientId: string;
  audience: string;
  usernameClaim: string;
  /** Embedded only: where the client may be sent back after sign-in and sign-out. */
  redirectUris: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Konfigurasi lingkungan tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const database: Config['database'] = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DB_POOL_SIZE }
    : { kind: 'pglite', dataDir: e.DATA_DIR };
  // Demo accounts only on the embedded database unless asked for explicitly.
  const seedDemo = e.SEED_DEMO ?? database.kind === 'pglite';
  return {
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    database,
    dbStartupWaitSeconds: e.DB_STARTUP_WAIT_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    cekDokumen: { perMinute: e.CEK_DOKUMEN_RATE_LIMIT_PER_MINUTE, maxBytes: e.CEK_DOKUMEN_MAX_MB * 1024 * 1024 },
    tte: {
      p12: e.TTE_P12 ? path.resolve(e.TTE_P12) : null,
      p12Dir: e.TTE_P12_DIR ? path.resolve(e.TTE_P12_DIR) : null,
      password: e.TTE_P12_PASSWORD,
    },
    // docs/decisions.md "The API description": where the demo accounts are, anyone may sign in anyway.
    apiDocs: e.API_DOCS ?? (seedDemo ? 'public' : 'authenticated'),
    seedDemo,
    baca: {
      pekerja: e.BACA_PEKERJA,
      nice: e.BACA_NICE,
      antreanSchema: e.ANTREAN_SCHEMA,
      demoDokumen: e.DEMO_DOKUMEN,
    },
    demoSampelPersen: e.DEMO_SAMPEL_PERSEN,
    impor: { pekerja: e.IMPOR_PEKERJA },
    dokumen: { pekerja: e.DOKUMEN_PEKERJA },
    ekspor: { pekerja: e.EKSPOR_PEKERJA, langsungMaks: e.EKSPOR_LANGSUNG_MAKS },
    trustProxy: e.TRUST_PROXY ?? false,
    cookieSecure: e.COOKIE_SECURE ?? false,
    logLevel: e.LOG_LEVEL,
    oidc: oidcConfig(e),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    klaimMenit: e.CLAIM_IDLE_MINUTES,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    filesDir: path.resolve(e.DATA_DIR, 'berkas'),
    berkas: berkasConfig(e),
    webDist: e.WEB_DIST ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    allowRegistration: e.ALLOW_REGISTRATION ?? false,
    devMailbox: e.DEV_MAILBOX ?? e.NODE_ENV !== 'production',
  };
}

function berkasConfig(e: z.infer<typeof envSchema>): Config['berkas'] {
  const kind = e.BERKAS_STORE ?? (e.DATABASE_URL ? 'postgres' : 'folder');
  if (kind === 'postgres' && !e.DATABASE_URL) {
    throw new Error('Konfigurasi lingkungan tidak valid:\n  BERKAS_STORE=postgres memerlukan DATABASE_URL');
  }
  if (kind !== 's3') return { kind };
  if (!e.S3_BUCKET) throw new Error('Konfigurasi lingkungan tidak valid:\n  BERKAS_STORE=s3 memerlukan S3_BUCKET');
  return {
    kind,
    s3: {
      endpoint: e.S3_ENDPOINT ?? null,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    },
  };
}

/** `npm run dev` serves the SPA from Vite; outside production its pages may use the SSO client too. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig {
  const origin = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const redirectUris = e.OIDC_REDIRECT_URIS
    ? e.OIDC_REDIRECT_URIS.split(',')
        .map((uri) => uri.trim())
        .filter(Boolean)
    : [origin, ...(e.NODE_ENV === 'production' ? [] : [VITE_DEV_ORIGIN])].flatMap((o) => [
        `${o}/auth/callback`,
        `${o}/auth/login`,
      ]);
  return {
    mode: e.OIDC_ISSUER ? 'external' : 'embedded',
    issuer: (e.OIDC_ISSUER ?? `${origin}/realms/${e.OIDC_REALM}`).replace(/\/+$/, ''),
    realm: e.OIDC_REALM,
    clientId: e.OIDC_CLIENT_ID,
    audience: e.OIDC_AUDIENCE ?? e.OIDC_CLIENT_ID,
    usernameClaim: e.OIDC_USERNAME_CLAIM,
    redirectUris,
  };
}
