// Test helper: a browser-like client of the embedded identity provider over app.inject — a cookie
// jar, redirects followed by hand, the code + PKCE (S256) flow as a public client performs it.

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestClient } from '../test/test-app.js';

export const ISSUER_PATH = '/realms/public';
export const OIDC = `${ISSUER_PATH}/protocol/openid-connect`;

/** The table state a list screen sends (spec §7): the first 10 rows by id. */
export const tableState = {
  filter: {},
  paginator: { page: 1, pageSize: 10, total: 0, pageSizes: [] },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm: '',
  grouping: { selectedRowIds: [], itemIds: [] },
};

/** A list call with a bearer token (first 10 rows), as the SPA makes it after signing in. */
export const listWith = (client: TestClient, url: string, token: string | undefined) =>
  client.request({ method: 'POST', url, token, payload: tableState });

/** The SPA's authorization request (code + PKCE S256, as a public client); '' in `extra` drops a parameter. */
export function authorizeParams(redirectUri: string, pkce: { challenge: string }, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: 'verifikasi',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    state: 's'.repeat(36),
    nonce: 'n'.repeat(36),
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  for (const [key, value] of Object.entries(extra)) if (value === '') params.delete(key);
  return params;
}

export const pkcePair = (length = 96) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
  const verifier = Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export class SsoBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'localhost:3000',
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      ...options,
      headers: { host: this.host, ...(options.headers as Record<string, string>) },
      cookies: Object.fromEntries(this.cookies),
    });
    for (const cookie of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0 || !cookie.value;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }

  /** Follows redirects on this server; stops at the first page or at a redirect elsewhere. */
  async follow(url: string): Promise<{ res: LightMyRequestResponse; url: string }> {
    let current = url;
    for (let i = 0; i < 10; i++) {
      const res = await this.request({ method: 'GET', url: pathOf(current) });
      const location = res.headers.location;
      if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') return { res, url: current };
      const next = new URL(location, `http://${this.host}${pathOf(current)}`);
      if (next.pathname.startsWith('/auth/')) return { res, url: next.toString() };
      current = next.toString();
    }
    throw new Error('too many redirects');
  }

  async postForm(url: string, form: Record<string, string>) {
    return this.request({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }
}

export function pathOf(url: string): string {
  const u = new URL(url, 'http://localhost:3000');
  return `${u.pathname}${u.search}`;
}

/** The action of the first form on an HTML page. */
export function formAction(html: string): string {
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
  if (!action) throw new Error(`no form in page: ${html.slice(0, 400)}`);
  return action.replaceAll('&amp;', '&');
}
