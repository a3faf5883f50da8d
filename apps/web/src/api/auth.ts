// The local authentication calls of spec §7 (login, check-token, logout), through the one client.

import type { CheckTokenResponse, LoginRequest, Principal, Session } from '@portal/contract';
import { request } from './http';

export function postLogin(payload: LoginRequest): Promise<Session> {
  return request<Session>('/auth/login', {
    method: 'POST',
    body: payload,
    auth: false,
    expireOnUnauthorized: false,
  });
}

/** spec §3: the principal is read from `mapData.data`. */
export async function fetchPrincipal(options: { expireOnUnauthorized: boolean }): Promise<Principal> {
  const response = await request<CheckTokenResponse>('/auth/check-token', options);
  return response.mapData.data;
}

export function postLogout(): Promise<void> {
  return request<void>('/auth/logout', { method: 'POST', expireOnUnauthorized: false });
}
