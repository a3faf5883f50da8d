// Assembles the HTTP server: security plugins, validation, OpenAPI, routes and (in production)
// the SPA. No listening and no database opening here, so tests build it with app.inject().

import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, ERROR_CODES } from '@portal/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { accessControl } from './auth/access.js';
import { authRoutes } from './auth/routes.js';
import { SessionChangeListener } from './auth/session-events.js';
import { SessionService } from './auth/sessions.js';
import { xsrfProtection } from './auth/xsrf.js';
import { registerCompression } from './compression.js';
import type { Config } from './config.js';
import type { DB } from './db/schema.js';
import { getOrCreateSecret } from './db/secrets.js';
import { registerErrorHandler } from './errors.js';
import { createLogger, type Logger } from './logger.js';
import { afirmasiRoutes } from './modules/afirmasi/routes.js';
import { profilRoutes } from './modules/akun/profil-routes.js';
import { akunRoutes } from './modules/akun/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { dokumenResmiRoutes } from './modules/dokumen-resmi/routes.js';
import { eksporRoutes } from './modules/export/routes.js';
import { healthRoutes, type Lifecycle } from './modules/health/routes.js';
import { imporRoutes } from './modules/impor/routes.js';
import { jadwalRoutes } from './modules/jadwal/routes.js';
import { createMailer } from './modules/mail/create-mailer.js';
import { PortalMetrics } from './modules/metrics/metrics.js';
import { metricsPlugin } from './modules/metrics/routes.js';
import { mutuRoutes } from './modules/mutu/routes.js';
import { nonAsnRoutes } from './modules/nonasn/routes.js';
import { rollUpNonAsnCounts } from './modules/nonasn/service.js';
import { pelamarListRoutes } from './modules/pelamar/routes.js';
import { penggunaRoutes } from './modules/pengguna/routes.js';
import { sanggahRoutes } from './modules/sanggah/routes.js';
import { sanggahNilaiRoutes } from './modules/sanggah-nilai/routes.js';
import { giliranPlugin } from './modules/shared/giliran.js';
import { rateLimitStore } from './modules/shared/rate-limit-store.js';
import { verifikasiRoutes } from './modules/verifikasi/routes.js';
import { rollUpStatusCounts } from './modules/verifikasi/service.js';
import { noStore } from './no-store.js';
import { setUpIdentity } from './oidc/index.js';
import { registerRequestGuard } from './request-guard.js';
import { registerSpa } from './spa.js';
import type { BerkasStore } from './storage/berkas-store.js';
import { openBerkasStore } from './storage/open-berkas-store.js';

export interface AppDeps {
  config: Config;
  db: Kysely<DB>;
  /** Document files; by default the store the configuration names. */
  files?: BerkasStore;
  /** The process's logger (main.ts makes it before the database); by default a new one. */
  logger?: Logger;
  /** Set by the process when it is shutting down: readiness answers 503 (issue #17). */
  lifecycle?: Lifecycle;
  /** PostgreSQL's pool, whose use /metrics reports (issue #22); null or absent on PGlite. */
  pool?: pg.Pool | null;
  /** Pause before the session channel's first reconnection (issue #22; tests shorten or lengthen it). */
  sessionChannelRetryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's metrics (GET /metrics, and main.ts's METRICS_PORT). */
    metrics: PortalMetrics;
    /** Other instances' session changes (PostgreSQL only; null on PGlite). */
    sessionChanges: SessionChangeListener | null;
  }
}

export async function buildApp({
  config,
  db: database,
  files = openBerkasStore(config, database),
  logger = createLogger(config.logLevel),
  lifecycle = { draining: false },
  pool = null,
  sessionChannelRetryMs,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Typed as Fastify's base logger: with pino's own type every plugin's instance type differs.
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(noStore);
  registerRequestGuard(app);
  // Issue #22: request durations, the pool, the event loop and the business counters.
  let sessionChanges: SessionChangeListener | null = null;
  const metrics = new PortalMetrics({
    pool,
    sessionChannel: () => (sessionChanges ? sessionChanges.connected : null),
    draining: () => lifecycle.draining,
  });
  app.decorate('metrics', metrics);
  await app.register(metricsPlugin, { metrics, token: config.metrics.token });
  await app.register(giliranPlugin);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes style attributes and CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // With an external identity service (OIDC_ISSUER), the SSO client fetches its discovery
        // document, token endpoint and keys from the SPA (issue #21).
        connectSrc: ["'self'", ...(config.oidc.mode === 'external' ? [new URL(config.oidc.issuer).origin] : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Document previews: PDFs and photos fetched with the session, shown from blob: URLs.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  // Issue #22: JSON and other text answers compressed for clients that accept it.
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(xsrfProtection, { secureCookie: config.cookieSecure });
  await app.register(fastifyRateLimit, {
    global: false,
    // Issue #30: routes naming a `sharedRateLimit` are counted in the database, across instances.
    store: rateLimitStore(database),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: ERROR_CODES.rateLimited,
      message: `Terlalu banyak permintaan. Coba lagi dalam ${Math.ceil(context.ttl / 1000)} detik.`,
    }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Portal Verifikasi ASN API', version: APP_VERSION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  const secret = config.jwtSecret ?? (await getOrCreateSecret(database, 'jwt-hs256'));
  const sessions = new SessionService(database, {
    secret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    cacheSeconds: config.sessionCacheSeconds,
  });
  // Every module's changes to users and sessions end the sessions' remembered checks; the audit
  // events every module writes feed the business counters.
  const db = database.withPlugin(sessions.invalidation).withPlugin(metrics.auditPlugin);
  // Issue #22: and so do every other instance's, announced by PostgreSQL (NOTIFY portal_sesi).
  if (config.database.kind === 'postgres') {
    sessionChanges = new SessionChangeListener(config.database.url, {
      onChange: () => sessions.forgetAll(),
      log: app.log,
      ...(sessionChannelRetryMs === undefined ? {} : { retryMs: sessionChannelRetryMs }),
    });
    await sessionChanges.start();
    const listener = sessionChanges;
    app.addHook('onClose', () => listener.close());
  }
  app.decorate('sessionChanges', sessionChanges);
  // Single sign-on (issue #6): the API also takes the identity service's tokens.
  const { bearer } = await setUpIdentity(app, { db, config, sessions });
  await app.register(accessControl, { sessions: bearer });
  // Issue #30: the description names every operation, the admin ones too (API_DOCS, decisions.md).
  if (config.apiDocs !== 'off') {
    const signedIn = async (request: FastifyRequest) => {
      await bearer.authenticate(request.headers.authorization);
    };
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      ...(config.apiDocs === 'authenticated' ? { uiHooks: { onRequest: signedIn } } : {}),
    });
  }
  await app.register(healthRoutes, { db, lifecycle });
  await app.register(authRoutes, { db, sessions, loginRateLimitPerMinute: config.loginRateLimitPerMinute });
  await app.register(pelamarListRoutes, {
    db,
    files,
    klaimMenit: config.klaimMenit,
    eksporLangsungMaks: config.ekspor.langsungMaks,
  });
  await app.register(verifikasiRoutes, { db, klaimMenit: config.klaimMenit });
  await app.register(jadwalRoutes, { db });
  await app.register(eksporRoutes, { db, files });
  await app.register(sanggahRoutes, { db, files, klaimMenit: config.klaimMenit });
  await app.register(afirmasiRoutes, { db, files, klaimMenit: config.klaimMenit });
  await app.register(sanggahNilaiRoutes, { db, klaimMenit: config.klaimMenit });
  await app.register(nonAsnRoutes, { db, eksporLangsungMaks: config.ekspor.langsungMaks });
  await app.register(dashboardRoutes, { db, cacheSeconds: config.dashboardCacheSeconds });
  // Issue #20: the announcement and minutes after the final lock, and their public check.
  await app.register(dokumenResmiRoutes, {
    db,
    files,
    publicUrl: config.publicUrl,
    demo: config.seedDemo,
    cek: config.cekDokumen,
    tte: { ...config.tte, demo: config.seedDemo },
    nice: config.baca.nice,
  });

  // Issue #6: account lifecycle, profile and user administration; mail by SMTP or dev mailbox.
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  app.addHook('onClose', () => mailer.close());
  await app.register(akunRoutes, {
    db,
    sessions,
    mailer,
    allowRegistration: config.allowRegistration,
    devMailbox: config.devMailbox,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(profilRoutes, { db });
  await app.register(penggunaRoutes, { db, mailer });
  // Issue #18: loading selection data and the stage windows (national operator).
  await app.register(imporRoutes, { db, files });
  await app.register(mutuRoutes, { db, cacheSeconds: config.dashboardCacheSeconds });

  // The status counters' deltas are folded in now and then (PERFORMANCE.md).
  const rollUp = setInterval(() => {
    rollUpStatusCounts(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'penggabungan penghitung status gagal'),
    );
    rollUpNonAsnCounts(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'penggabungan penghitung Non ASN gagal'),
    );
  }, 15_000);
  rollUp.unref();
  app.addHook('onClose', async () => clearInterval(rollUp));

  if (config.webDist) await registerSpa(app, config.webDist);
  return app;
}
