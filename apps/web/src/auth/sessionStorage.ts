// Where the session and the current user persist (spec §3): localStorage keys built from the
// app version. Reads are defensive: a corrupt entry counts as absent and is removed.

import { type Principal, type Session, STORAGE_KEYS } from '@portal/contract';

function readJson<T>(storage: Storage, key: string, valid: (value: unknown) => boolean): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (valid(value)) return value as T;
  } catch {
    // fall through: a value we cannot read is treated as absent
  }
  storage.removeItem(key);
  return null;
}

const hasAccessToken = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Session).accessToken === 'string' &&
  (value as Session).accessToken.length > 0;

const looksLikePrincipal = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Array.isArray((value as Principal).menus);

export function readStoredSession(storage: Storage = localStorage): Session | null {
  return readJson<Session>(storage, STORAGE_KEYS.session, hasAccessToken);
}

export function readStoredUser(storage: Storage = localStorage): Principal | null {
  return readJson<Principal>(storage, STORAGE_KEYS.user, looksLikePrincipal);
}

/** spec §4: the login response is stored only if it has an accessToken. */
export function storeSession(session: Session, storage: Storage = localStorage): boolean {
  if (!hasAccessToken(session)) return false;
  storage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  return true;
}

export function storeUser(user: Principal, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredAuth(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.session);
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.sso);
  // The OIDC client's stored user (its tokens); its pending sign-in state stays for the callback.
  const oidcUser = `${STORAGE_KEYS.oidcPrefix}user:`;
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(oidcUser)) storage.removeItem(key);
  }
}
