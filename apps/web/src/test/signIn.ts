// Signs a principal in through the real startup path (spec §4): a stored session, then
// check-token answered by a stubbed fetch — the HTTP boundary, nothing deeper.

import { type Principal, STORAGE_KEYS } from '@portal/contract';
import { vi } from 'vitest';
import { initAuth } from '../auth/authStore';
import { jsonResponse } from './factories';

export async function signIn(user: Principal): Promise<void> {
  localStorage.setItem(
    STORAGE_KEYS.session,
    JSON.stringify({ accessToken: 'akses', refreshToken: 'segar', expiresIn: 900, tokenType: 'Bearer' }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { mapData: { data: user } })),
  );
  await initAuth();
}
