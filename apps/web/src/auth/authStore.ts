// The auth state of spec §3/§4: session, current user, loading flag. A tiny external store so
// route loaders (the guard) and components read the same state. Navigation after a logout or an
// expired session is the router's business: the app registers it with onSignedOut().

import {
  NATIONAL_ROLES,
  type Principal,
  REGISTRATION_LOGIN_TOKEN,
  type RegistrationRequest,
  type Session,
  STORAGE_KEYS,
} from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { postForgotPassword, postLoginKey, postRegistration } from '../api/akun';
import { fetchPrincipal, postLogin, postLogout } from '../api/auth';
import { ApiError, configureHttp, HTTP_ERROR } from '../api/http';
import { idErrors } from '../i18n/errors';
import { clearStoredAuth, readStoredSession, storeSession, storeUser } from './sessionStorage';

export interface AuthState {
  session: Session | null;
  user: Principal | null;
  loading: boolean;
}

export type SignOutReason = 'logout' | 'expired';

let state: AuthState = { session: null, user: null, loading: false };
const listeners = new Set<() => void>();
let signedOutHandler: (reason: SignOutReason, message?: string) => void = () => {};

function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/** The app decides where a signed-out user goes (the router is created after initAuth). */
export function onSignedOut(handler: (reason: SignOutReason, message?: string) => void): void {
  signedOutHandler = handler;
}

/** Drop the session locally: storage and memory. */
export function clearAuth(): void {
  clearStoredAuth();
  setState({ session: null, user: null, loading: false });
}

function expireSession(): void {
  if (!state.session && !state.user) return;
  clearAuth();
  signedOutHandler('expired');
}

// Single sign-on (issue #6): the OIDC client is loaded only for a session that came from it.
const isSso = () => localStorage.getItem(STORAGE_KEYS.sso) === '1';
const ssoClient = () => import('./sso');

/** The bearer token of the next call; an SSO token is refreshed first when about to expire. */
async function currentToken(): Promise<string | null> {
  const session = state.session;
  if (!session || !isSso()) return session?.accessToken ?? null;
  const sso = await ssoClient();
  try {
    const accessToken = await sso.freshAccessToken();
    if (accessToken !== state.session?.accessToken) {
      const next = { ...session, accessToken };
      storeSession(next);
      setState({ session: next });
    }
    return accessToken;
  } catch (error) {
    const message = sso.ssoErrorMessage(error);
    endSsoSession(message);
    throw new ApiError(401, 'SSO_SESSION_ENDED', message);
  }
}

configureHttp({ token: currentToken, onUnauthorized: expireSession });

/** An SSO session is over (refresh refused, provider sign-out seen by the session check). */
export function endSsoSession(message: string): void {
  if (!state.session && !state.user) return;
  clearAuth();
  signedOutHandler('expired', message);
}

/** Completes "Masuk dengan SSO": the identity service's tokens become the session. */
export async function signInWithSso(session: Session): Promise<Principal> {
  const user = await signIn(async () => {
    localStorage.setItem(STORAGE_KEYS.sso, '1');
    return session;
  });
  void ssoClient().then((sso) => sso.watchSession(endSsoSession));
  return user;
}

/**
 * spec §4 startup: a stored session is validated against the server before anything is shown.
 * A returned user becomes the current user; anything else logs out. No stored token: signed out.
 */
export async function initAuth(): Promise<void> {
  const session = readStoredSession();
  if (!session) {
    clearAuth();
    return;
  }
  setState({ session, loading: true });
  try {
    const user = await fetchPrincipal({ expireOnUnauthorized: false });
    storeUser(user);
    setState({ user, loading: false });
    if (isSso()) void ssoClient().then((sso) => sso.watchSession(endSsoSession));
  } catch {
    clearAuth();
  }
}

/** spec §4 login: store the response (if it has an accessToken), then fetch the principal. */
export function login(username: string, password: string, token: string | null): Promise<Principal> {
  return signIn(() => postLogin({ username, password, token }));
}

/**
 * A sign-in call of spec §4 (password or key), written once: the loading flag, the session
 * stored, the principal fetched; on failure everything is cleared and the error passed on.
 */
async function signIn(post: () => Promise<Session>): Promise<Principal> {
  setState({ loading: true });
  try {
    const session = await post();
    if (!storeSession(session)) throw new ApiError(500, HTTP_ERROR, idErrors.unexpected);
    setState({ session });
    const user = await fetchPrincipal({ expireOnUnauthorized: false });
    storeUser(user);
    setState({ user, loading: false });
    return user;
  } catch (error) {
    clearAuth();
    throw error;
  }
}

/** spec §4 logout: revoke server-side (its failure does not matter), clear, go to the login page. */
export async function logout(): Promise<void> {
  if (isSso()) {
    // Single logout: the provider's session ends too (its end-session page comes back to /auth/login).
    const sso = await ssoClient();
    await sso.signOutEverywhere(clearAuth);
    return;
  }
  if (state.session) await postLogout().catch(() => undefined);
  clearAuth();
  signedOutHandler('logout');
}

// --- Issue #6: the other calls of spec §4 that set the loading flag --------------------------

/** spec §4 key login: like login, with a personal access key in the password field. */
export function loginWithKey(username: string, key: string): Promise<Principal> {
  return signIn(() => postLoginKey({ username, password: key, token: null }));
}

/**
 * spec §4 registration: create the user, then log in with the supplied email and password and
 * the fixed placeholder token. A failure is logged and the result is empty (null); the error is
 * handed to `onError` so the screen can still say what went wrong.
 */
export async function register(
  payload: RegistrationRequest,
  onError?: (error: unknown) => void,
): Promise<Principal | null> {
  setState({ loading: true });
  try {
    await postRegistration(payload);
    return await login(payload.email, payload.password, REGISTRATION_LOGIN_TOKEN);
  } catch (error) {
    console.error('Pendaftaran gagal', error);
    setState({ loading: false });
    onError?.(error);
    return null;
  }
}

/** spec §4 forgot-password, with the loading flag; answers the server's message. */
export async function forgotPassword(email: string): Promise<string> {
  setState({ loading: true });
  try {
    return (await postForgotPassword({ email })).message;
  } finally {
    setState({ loading: false });
  }
}

/** A national role (wasdal, MENPAN, BKN) sees every instansi (useNational; the list loaders). */
export function isNational(user: Principal | null): boolean {
  return (user?.authorities ?? []).some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority));
}
