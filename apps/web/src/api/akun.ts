// The account calls of issue #6 through the one client: key login, registration, forgot and
// reset password (spec §7), the profile, user administration and the development mailbox.

import type {
  AccessKey,
  CreateAccessKeyRequest,
  ForgotPasswordRequest,
  LoginRequest,
  PenggunaCreate,
  PenggunaOptions,
  PenggunaRow,
  PenggunaUpdate,
  Profile,
  RegistrationInfo,
  RegistrationRequest,
  ResetPasswordRequest,
  Session,
  TableState,
  TotpSetup,
} from '@portal/contract';
import { request } from './http';

const guest = { auth: false, expireOnUnauthorized: false } as const;

export function postLoginKey(payload: LoginRequest): Promise<Session> {
  return request<Session>('/auth/login-key', { method: 'POST', body: payload, ...guest });
}

/** spec §7: registration is POST {api} with the registration body. */
export function postRegistration(payload: RegistrationRequest): Promise<{ id: number; username: string }> {
  return request('', { method: 'POST', body: payload, ...guest });
}

export function getRegistrationInfo(): Promise<RegistrationInfo> {
  return request<RegistrationInfo>('/auth/registrasi', guest);
}

export function postForgotPassword(payload: ForgotPasswordRequest): Promise<{ message: string }> {
  return request('/forgot-password', { method: 'POST', body: payload, ...guest });
}

/** Sends the bearer token when signed in, so that session survives the change. */
export function postResetPassword(payload: ResetPasswordRequest): Promise<{ message: string }> {
  return request('/auth/reset-password', { method: 'POST', body: payload, expireOnUnauthorized: false });
}

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return request<Profile>('/profil', { signal });
}

export function postTotpSetup(): Promise<TotpSetup> {
  return request<TotpSetup>('/profil/totp/setup', { method: 'POST', body: {} });
}

export function postTotpEnable(code: string): Promise<{ recoveryCodes: string[] }> {
  return request('/profil/totp/enable', { method: 'POST', body: { code } });
}

export function postTotpDisable(password: string): Promise<void> {
  return request('/profil/totp/disable', { method: 'POST', body: { password } });
}

export function postAccessKey(body: CreateAccessKeyRequest): Promise<{ key: string; accessKey: AccessKey }> {
  return request('/profil/access-keys', { method: 'POST', body });
}

export function revokeAccessKey(keyId: number): Promise<AccessKey> {
  return request<AccessKey>(`/profil/access-keys/${keyId}`, { method: 'DELETE' });
}

const PENGGUNA = '/admin/pengguna';

export function postPenggunaList(state: TableState<Record<string, string | string[]>>, signal?: AbortSignal) {
  return request<{ data: PenggunaRow[]; recordsTotal: number; summaries: unknown[] }>(`${PENGGUNA}/filter`, {
    method: 'POST',
    body: { filter: state.filter, paginator: state.paginator, sorting: state.sorting, searchTerm: state.searchTerm },
    signal,
  });
}

export function getPenggunaOptions(signal?: AbortSignal): Promise<PenggunaOptions> {
  return request<PenggunaOptions>(`${PENGGUNA}/options`, { signal });
}

export function createPengguna(body: PenggunaCreate): Promise<{ pengguna: PenggunaRow; temporaryPassword: string }> {
  return request(PENGGUNA, { method: 'POST', body });
}

export function updatePengguna(penggunaId: number, body: PenggunaUpdate): Promise<PenggunaRow> {
  return request<PenggunaRow>(`${PENGGUNA}/${penggunaId}`, { method: 'PUT', body });
}
