// Issue #6: "Masuk dengan SSO" beside the form, and the spec §8 identity-service errors, each
// with its own Indonesian message.

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorResponse } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { idSso } from '../i18n/sso';
import { jsonResponse } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { clearAuth } from './authStore';
import { classifySsoError, SsoError, ssoErrorMessage } from './sso';

afterEach(() => {
  clearAuth();
  vi.unstubAllGlobals();
});

describe('identity-service errors (spec §8)', () => {
  it('tells each error apart', () => {
    expect(classifySsoError(new SsoError('config'))).toBe('config');
    expect(classifySsoError(new ApiError(500, 'HTTP_ERROR', 'x'))).toBe('config');
    expect(classifySsoError(new Error('Failed to fetch metadata'))).toBe('config');
    expect(classifySsoError(new Error('nonce in id_token does not match nonce in client storage'))).toBe(
      'invalidNonce',
    );
    expect(classifySsoError(new Error('Invalid JWT: signature'))).toBe('invalidToken');
    expect(classifySsoError(new ErrorResponse({ error: 'login_required' }))).toBe('notAuthenticated');
    expect(classifySsoError(new Error('No matching state found in storage'))).toBe('notAuthenticated');
    expect(classifySsoError(new ErrorResponse({ error: 'access_denied' }))).toBe('denied');
    expect(classifySsoError(new SsoError('refreshFailed'))).toBe('refreshFailed');
  });

  it('has a distinct Indonesian message for each', () => {
    const kinds = ['config', 'invalidToken', 'notAuthenticated', 'invalidNonce', 'refreshFailed', 'denied'] as const;
    const messages = kinds.map((kind) => ssoErrorMessage(new SsoError(kind)));
    expect(new Set(messages).size).toBe(kinds.length);
    expect(ssoErrorMessage(new SsoError('invalidNonce'))).toContain('Token telah dihapus');
    expect(ssoErrorMessage(new SsoError('refreshFailed'))).toContain('Token telah dihapus');
  });
});

describe('login page', () => {
  it('offers "Masuk dengan SSO" beside the form and explains a missing configuration', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, { error: 'X', message: 'tidak tersedia' })),
    );
    const user = userEvent.setup();
    renderApp('/auth/login');
    expect(await screen.findByLabelText(/Nama Pengguna/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: idSso.button }));
    expect(await screen.findByText(idSso.config)).toBeTruthy();
  });
});
