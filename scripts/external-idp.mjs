// A second, independent identity service for tests of OIDC_ISSUER (issue #21): its own process,
// keys (generated at start), users (in memory) and storage, built from the same oidc-provider
// library but none of the portal's code. Keycloak's path layout (/realms/instansi/protocol/…),
// one public client with PKCE S256, JWT access tokens whose aud is the portal's OIDC_AUDIENCE.
//
//   IDP_PORT=0 IDP_AUDIENCE=portal IDP_CLIENT_ID=verifikasi \
//   IDP_REDIRECT_URIS=http://127.0.0.1:3000/auth/callback,http://127.0.0.1:3000/auth/login \
//   IDP_USERS=verifikator.cpns,orang.luar node scripts/external-idp.mjs
//
// Prints one line `{"issuer": "…"}` once it listens (loopback only). Every user's password is
// IDP_PASSWORD (default below) — the provider's own, not the portal's.

import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const env = process.env;
const REALM_PATH = '/realms/instansi';
const AUDIENCE = env.IDP_AUDIENCE ?? 'portal-verifikasi';
const CLIENT_ID = env.IDP_CLIENT_ID ?? 'verifikasi';
const PASSWORD = env.IDP_PASSWORD ?? 'Sandi-Layanan-Identitas-2024';
const RESOURCE = 'urn:portal-verifikasi-asn:api';
const redirectUris = (env.IDP_REDIRECT_URIS ?? 'http://127.0.0.1:3000/auth/callback,http://127.0.0.1:3000/auth/login')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);

/** The provider's own users: a subject of its own (UUID, as Keycloak's), a name and an email. */
const users = new Map(
  (env.IDP_USERS ?? 'verifikator.cpns,orang.luar')
    .split(',')
    .map((username) => username.trim())
    .filter(Boolean)
    .map((username) => [
      username,
      { sub: randomUUID(), username, name: `Pengguna ${username}`, email: `${username}@instansi.example` },
    ]),
);
const bySub = (sub) => [...users.values()].find((user) => user.sub === sub);

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body) =>
  `<!DOCTYPE html><html lang="id"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
const loginForm = (uid, notice = '') =>
  page(
    'Layanan Identitas Instansi',
    `${notice ? `<p role="alert">${esc(notice)}</p>` : ''}<form method="post" action="${REALM_PATH}/interaction/${esc(uid)}/login">
<label for="username">Nama Pengguna</label><input id="username" name="username" autocomplete="username">
<label for="password">Kata Sandi</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Masuk</button></form>`,
  );

const configuration = {
  jwks: { keys: [signingKey] },
  clients: [
    {
      client_id: CLIENT_ID,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: redirectUris,
      post_logout_redirect_uris: redirectUris,
    },
  ],
  pkce: { required: () => true },
  routes: {
    authorization: '/protocol/openid-connect/auth',
    token: '/protocol/openid-connect/token',
    jwks: '/protocol/openid-connect/certs',
    userinfo: '/protocol/openid-connect/userinfo',
    end_session: '/protocol/openid-connect/logout',
    revocation: '/protocol/openid-connect/revoke',
  },
  scopes: ['openid', 'offline_access', 'profile', 'email'],
  claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
  clientBasedCORS: (_ctx, origin, client) => client.redirectUris.some((uri) => new URL(uri).origin === origin),
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
  // Trusted client: no consent screen; the requested scopes and the API resource are granted.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    const grant = grantId
      ? await ctx.oidc.provider.Grant.find(grantId)
      : new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid profile email offline_access');
    grant.addResourceScope(RESOURCE, 'openid profile email offline_access');
    await grant.save();
    return grant;
  },
  async findAccount(_ctx, sub) {
    const user = bySub(sub);
    if (!user) return undefined;
    return {
      accountId: sub,
      claims: async () => ({
        sub,
        preferred_username: user.username,
        name: user.name,
        email: user.email,
        email_verified: true,
      }),
    };
  },
  // Keycloak's access tokens carry the username; the portal finds its user by it.
  async extraTokenClaims(_ctx, token) {
    const user = token.accountId ? bySub(token.accountId) : undefined;
    return user ? { preferred_username: user.username, azp: token.clientId } : undefined;
  },
  features: {
    devInteractions: { enabled: false },
    revocation: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => RESOURCE,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resource) => {
        if (resource !== RESOURCE) throw new Error('unknown resource');
        return {
          scope: 'openid profile email offline_access',
          audience: AUDIENCE,
          accessTokenTTL: 300,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
    rpInitiatedLogout: {
      enabled: true,
      // Sent by the portal with its id_token_hint: confirmed at once (Keycloak does the same).
      async logoutSource(ctx, form) {
        const auto = ctx.oidc.params?.id_token_hint
          ? `<script>var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`
          : '';
        ctx.type = 'html';
        ctx.body = page(
          'Keluar dari layanan identitas?',
          `${form}<button form="op.logoutForm" name="logout" value="yes">Ya, keluar</button>${auto}`,
        );
      },
      async postLogoutSuccessSource(ctx) {
        ctx.type = 'html';
        ctx.body = page('Anda sudah keluar', '');
      },
    },
  },
  interactions: { url: (_ctx, interaction) => `${REALM_PATH}/interaction/${interaction.uid}` },
  async renderError(ctx, out) {
    ctx.type = 'html';
    ctx.body = page('Kesalahan', `<p>${esc(out.error)}: ${esc(out.error_description ?? '')}</p>`);
  },
};
/** @type {Provider} built once the port (part of the issuer) is known. */
let provider;
/** @type {ReturnType<Provider['callback']>} */
let handler;

const readForm = (req) =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 64 * 1024) req.destroy();
    });
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(body))));
    req.on('error', reject);
  });

const html = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
};

async function interaction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return html(res, 400, page('Kesalahan', '<p>Interaksi tidak dikenal.</p>'));
  if (req.method === 'GET') return html(res, 200, loginForm(uid));
  if (action !== 'login') return html(res, 404, page('Tidak ditemukan', ''));
  const { username = '', password = '' } = await readForm(req);
  const user = users.get(username.trim());
  if (!user || password !== PASSWORD) return html(res, 401, loginForm(uid, 'Nama pengguna atau kata sandi salah.'));
  return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
}

const server = createServer(async (req, res) => {
  try {
    const url = req.url ?? '/';
    const step = url.match(/^\/realms\/instansi\/interaction\/([\w-]+)(?:\/(\w+))?(?:\?|$)/);
    if (step) return await interaction(req, res, step[1], step[2]);
    if (!url.startsWith(`${REALM_PATH}/`)) return html(res, 404, page('Tidak ditemukan', ''));
    req.originalUrl = url;
    req.url = url.slice(REALM_PATH.length);
    return await handler(req, res);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) html(res, 500, page('Kesalahan', ''));
    else res.end();
  }
});

server.listen(Number(env.IDP_PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address();
  const issuer = `http://127.0.0.1:${port}${REALM_PATH}`;
  provider = new Provider(issuer, configuration);
  handler = provider.callback();
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
