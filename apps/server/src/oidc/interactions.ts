// Sign-in and consent of the embedded identity provider (oidc-provider "interactions"): the
// Indonesian form, checked by the same code as the local login (auth/credentials.ts: lockout,
// password, deactivation, TOTP, audit). A password-verified user with a second factor is held in
// the interaction (server-side, bound to its cookie) until the code is entered.

import { ERROR_CODES } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { auditLoginSuccess, checkPassword, checkSecondFactor, checkSecondFactorStep } from '../auth/credentials.js';
import type { UserRow } from '../auth/principal.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { consentPage, errorPage, loginPage, type Notice, otpPage } from './pages.js';

const OTP_STEP_SECONDS = 5 * 60;

interface PendingOtp {
  userId: number;
  username: string;
  at: number;
}

export interface InteractionOptions {
  db: Kysely<DB>;
  provider: Provider;
  realmPath: string;
  firstPartyClientId: string;
  loginRateLimitPerMinute: number;
}

type Form = Record<string, string | undefined>;

export async function interactionRoutes(
  app: FastifyInstance,
  { db, provider, realmPath, firstPartyClientId, loginRateLimitPerMinute }: InteractionOptions,
) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const base = `${realmPath}/login-actions/:uid`;
  const limited = { access: 'public' as const, rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' } };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

  async function details(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      html(reply, 400, errorPage('session_not_found', undefined));
      return null;
    }
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    reply.hijack();
    try {
      // A consent keeps the login submitted in the same authorization request (prompt=login consent).
      const mergeWithLastSubmission = 'consent' in result;
      await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission });
    } catch (error) {
      // The interaction expired meanwhile: the reply is ours to finish.
      request.log.warn({ err: error }, 'interaksi OIDC tidak dapat diselesaikan');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      }
      reply.raw.end(errorPage('session_not_found', undefined));
    }
  }

  async function signedIn(request: FastifyRequest, reply: FastifyReply, user: UserRow, amr: string[]) {
    await auditLoginSuccess(db, user, { username: user.username, ip: request.ip }, 'sso');
    return finish(request, reply, { login: { accountId: String(user.id), amr, remember: false } });
  }

  /** The scopes and claims the client asked for, granted to it (the portal's own client needs no question). */
  async function grant(
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: NonNullable<Awaited<ReturnType<typeof details>>>,
  ) {
    const { prompt, params, session, grantId } = interaction;
    const accountId = session?.accountId;
    if (!accountId) return html(reply, 400, errorPage('login_required', undefined));
    const existing = grantId ? await provider.Grant.find(grantId) : undefined;
    const g = existing ?? new provider.Grant({ accountId, clientId: String(params.client_id) });
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) g.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) g.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      g.addResourceScope(indicator, scopes.join(' '));
    }
    return finish(request, reply, { consent: { grantId: await g.save() } });
  }

  const showStep = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    const { uid, prompt, params } = interaction;
    if (prompt.name === 'login') {
      const pending = (interaction.result as { pendingOtp?: PendingOtp } | undefined)?.pendingOtp;
      if (pending) return html(reply, 200, otpPage(`${realmPath}/login-actions/${uid}/otp`, {}));
      return html(
        reply,
        200,
        loginPage(`${realmPath}/login-actions/${uid}/login`, {
          username: typeof params.login_hint === 'string' ? params.login_hint : undefined,
        }),
      );
    }
    // Consent: the portal's own client is trusted unless it asks for the question (prompt=consent).
    const asked = String(params.prompt ?? '')
      .split(' ')
      .includes('consent');
    if (params.client_id === firstPartyClientId && !asked) return grant(request, reply, interaction);
    const client = await provider.Client.find(String(params.client_id));
    return html(
      reply,
      200,
      consentPage(`${realmPath}/login-actions/${uid}/consent`, {
        clientName: client?.clientName ?? String(params.client_id),
        scopes: String(params.scope ?? 'openid').split(' '),
      }),
    );
  };

  app.get(base, { config: { access: 'public' } }, showStep);

  app.post<{ Params: { uid: string }; Body: Form }>(`${base}/login`, { config: limited }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name !== 'login')
      return reply.redirect(`${realmPath}/login-actions/${interaction.uid}`, 303);
    const username = (request.body?.username ?? '').trim();
    const password = request.body?.password ?? '';
    const action = `${realmPath}/login-actions/${interaction.uid}/login`;
    if (!username || !password) {
      return html(
        reply,
        400,
        loginPage(action, {
          username,
          notice: { tone: 'error', message: 'Nama pengguna dan kata sandi wajib diisi.' },
        }),
      );
    }
    let user: UserRow;
    try {
      user = await checkPassword(db, { username, password, ip: request.ip });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return html(
        reply,
        error.statusCode,
        loginPage(action, { username, notice: { tone: 'error', message: error.message } }),
      );
    }
    if (user.totp_secret) {
      const pendingOtp: PendingOtp = { userId: user.id, username, at: Date.now() };
      await provider.interactionResult(request.raw, reply.raw, { pendingOtp }, { mergeWithLastSubmission: false });
      return html(reply, 200, otpPage(`${realmPath}/login-actions/${interaction.uid}/otp`, {}));
    }
    await checkSecondFactor(db, user, { username, token: null, ip: request.ip });
    return signedIn(request, reply, user, ['pwd']);
  });

  app.post<{ Params: { uid: string }; Body: Form }>(`${base}/otp`, { config: limited }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return reply;
    const pending = (interaction.result as { pendingOtp?: PendingOtp } | undefined)?.pendingOtp;
    const restart = async (notice: Notice, status: number) => {
      await provider.interactionResult(request.raw, reply.raw, {}, { mergeWithLastSubmission: false });
      return html(
        reply,
        status,
        loginPage(`${realmPath}/login-actions/${interaction.uid}/login`, { username: pending?.username, notice }),
      );
    };
    if (interaction.prompt.name !== 'login' || !pending)
      return reply.redirect(`${realmPath}/login-actions/${interaction.uid}`, 303);
    if (Date.now() - pending.at > OTP_STEP_SECONDS * 1000) {
      return restart({ tone: 'error', message: 'Waktu memasukkan kode OTP habis. Masuk kembali.' }, 401);
    }
    const user = await db.selectFrom('app_user').selectAll().where('id', '=', pending.userId).executeTakeFirst();
    if (!user?.active) return restart({ tone: 'error', message: 'Nama pengguna atau kata sandi salah.' }, 401);
    const token = (request.body?.token ?? '').trim();
    const action = `${realmPath}/login-actions/${interaction.uid}/otp`;
    if (!token)
      return html(reply, 400, otpPage(action, { notice: { tone: 'error', message: 'Kode OTP wajib diisi.' } }));
    try {
      await checkSecondFactorStep(db, user, { username: pending.username, token, ip: request.ip });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === ERROR_CODES.otpInvalid) {
        return html(reply, 401, otpPage(action, { notice: { tone: 'error', message: error.message } }));
      }
      return restart({ tone: 'error', message: error.message }, error.statusCode);
    }
    return signedIn(request, reply, user, ['pwd', 'otp']);
  });

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${base}/consent`,
    { config: { access: 'public' } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return reply;
      if (interaction.prompt.name !== 'consent')
        return reply.redirect(`${realmPath}/login-actions/${interaction.uid}`, 303);
      if (request.body?.keputusan !== 'izinkan') {
        return finish(request, reply, { error: 'access_denied', error_description: 'Pengguna menolak memberi izin.' });
      }
      return grant(request, reply, interaction);
    },
  );
}
