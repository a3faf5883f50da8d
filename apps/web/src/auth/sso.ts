// "Masuk dengan SSO" (issue #6): the standard OIDC client (oidc-client-ts; code + PKCE S256)
// against the identity service the server names (embedded provider or the agency's Keycloak),
// with the identity-client constants of spec §9. Loaded on demand: never in the initial bundle.

import {
  LOGIN_PATH,
  OIDC_CLIENT,
  type Session,
  SSO_CALLBACK_PATH,
  type SsoConfig,
  STORAGE_KEYS,
} from '@portal/contract';
import { ErrorResponse, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { ApiError, request } from '../api/http';
import { idSso } from '../i18n/sso';

let manager: Promise<UserManager> | undefined;

/** The identity client, configured once from the server's /api/auth/sso-config. */
export function userManager(): Promise<UserManager> {
  manager ??= request<SsoConfig>('/auth/sso-config', { auth: false })
    .then((config) => {
      const store = new WebStorageStateStore({ store: window.localStorage, prefix: STORAGE_KEYS.oidcPrefix });
      return new UserManager({
        authority: config.issuer,
        client_id: config.clientId,
        scope: config.scope,
        response_type: 'code',
        redirect_uri: `${window.location.origin}${SSO_CALLBACK_PATH}`,
        post_logout_redirect_uri: `${window.location.origin}${LOGIN_PATH}`,
        userStore: store,
        stateStore: store,
        // spec §9: login state expires after 1 hour; session check every 5 s.
        staleStateAgeInSeconds: OIDC_CLIENT.loginStateExpiryMs / 1000,
        monitorSession: true,
        checkSessionIntervalInSeconds: OIDC_CLIENT.sessionCheckIntervalMs / 1000,
        // Refreshing is ours: before each call, when fewer than 5 s are left (spec §9).
        automaticSilentRenew: false,
        loadUserInfo: false,
      });
    })
    .catch((error: unknown) => {
      manager = undefined;
      throw new SsoError('config', error);
    });
  return manager;
}

export type SsoErrorKind = 'config' | 'invalidToken' | 'notAuthenticated' | 'invalidNonce' | 'refreshFailed' | 'denied';

export class SsoError extends Error {
  constructor(
    readonly kind: SsoErrorKind,
    override readonly cause?: unknown,
  ) {
    super(kind);
    this.name = 'SsoError';
  }
}

/** spec §8 identity-service errors → which one it is. */
export function classifySsoError(error: unknown): SsoErrorKind {
  if (error instanceof SsoError) return error.kind;
  if (error instanceof ApiError) return error.status === 401 ? 'notAuthenticated' : 'config';
  const message = error instanceof Error ? error.message : String(error);
  if (/nonce/i.test(message)) return 'invalidNonce';
  if (error instanceof ErrorResponse) {
    if (error.error === 'access_denied') return 'denied';
    if (error.error === 'login_required' || error.error === 'interaction_required') return 'notAuthenticated';
    if (error.error === 'invalid_token') return 'invalidToken';
    return 'notAuthenticated';
  }
  if (/No matching state|No state in response|No code in response/i.test(message)) return 'notAuthenticated';
  if (/token|jwt|signature|issuer|audience|sub/i.test(message)) return 'invalidToken';
  if (/metadata|Failed to fetch|authority|NetworkError/i.test(message)) return 'config';
  return 'notAuthenticated';
}

export function ssoErrorMessage(error: unknown): string {
  return idSso[classifySsoError(error)];
}

/** State and nonce of spec §9 (36 characters each): oidc-client-ts's own state id is 32 random
 * hex characters; its url_state (3 more random ones, after ';') brings the state parameter to 36. */
function stateSuffix(): string {
  const length = OIDC_CLIENT.stateLength - 33;
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => (b % 36).toString(36)).join('');
}

/** Sends the browser to the identity service's sign-in page. */
export async function startSsoLogin(): Promise<void> {
  const um = await userManager();
  const nonce = crypto.randomUUID(); // 36 characters, spec §9
  try {
    await um.signinRedirect({ nonce, url_state: stateSuffix() });
  } catch (error) {
    throw new SsoError('config', error);
  }
}

function toSession(user: User): Session {
  return {
    accessToken: user.access_token,
    refreshToken: user.refresh_token ?? '',
    expiresIn: Math.max(0, user.expires_in ?? 0),
    tokenType: 'Bearer',
  };
}

/** The callback (/auth/callback): code → tokens; the session to store. Errors are SsoErrors. */
export async function finishSsoLogin(url = window.location.href): Promise<Session> {
  const um = await userManager();
  try {
    const user = await um.signinRedirectCallback(url);
    return toSession(user);
  } catch (error) {
    const kind = classifySsoError(error);
    // spec §8: an invalid nonce (like an invalid token) leaves no token behind.
    await um.removeUser().catch(() => undefined);
    throw new SsoError(kind, error);
  }
}

let refreshing: Promise<string> | undefined;

/** The access token, refreshed first when it has fewer than 5 s left (spec §9). */
export async function freshAccessToken(): Promise<string> {
  const um = await userManager();
  const user = await um.getUser();
  if (!user) throw new SsoError('notAuthenticated');
  if ((user.expires_in ?? 0) >= OIDC_CLIENT.minTokenValiditySeconds) return user.access_token;
  refreshing ??= um
    .signinSilent()
    .then((next) => {
      if (!next) throw new SsoError('notAuthenticated');
      return next.access_token;
    })
    .catch(async (error: unknown) => {
      // spec §8: a refresh refused with 400 clears the tokens and goes back to sign-in.
      await um.removeUser().catch(() => undefined);
      throw new SsoError(error instanceof ErrorResponse ? 'refreshFailed' : classifySsoError(error), error);
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

let watching = false;

/**
 * Single logout, provider side: the session check (every 5 s) sees the provider session end and
 * calls `onEnded` (the auth store's endSsoSession: passed in, so this module needs not import it).
 */
export async function watchSession(onEnded: (message: string) => void): Promise<void> {
  if (watching) return;
  watching = true;
  const um = await userManager();
  um.events.addUserSignedOut(async () => {
    await um.removeUser().catch(() => undefined);
    onEnded(idSso.signedOutElsewhere);
  });
}

/** Single logout, portal side: forget the tokens here, then end the provider's session. */
export async function signOutEverywhere(clearLocal: () => void): Promise<void> {
  const um = await userManager();
  const user = await um.getUser().catch(() => null);
  clearLocal();
  await um.signoutRedirect({ id_token_hint: user?.id_token });
}
