// /auth/login (spec §3/§7): username and password; the "Kode OTP" field appears once the server
// answers OTP_REQUIRED. Server messages are shown as sent (already Indonesian).

import { Button, Divider, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { AKUN_ERROR_CODES, DASHBOARD_PATH, ERROR_CODES } from '@portal/contract';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/http';
import { idApp } from '../i18n/app';
import { idAuth } from '../i18n/auth';
import { idErrors } from '../i18n/errors';
import { idSso } from '../i18n/sso';
import type { ChangePasswordState } from './AccountAuthPages';
import { AuthFrame } from './AuthCard';
import { AuthForm, ErrorAlert, useFields } from './AuthForm';
import { AuthLinks, CHANGE_PASSWORD_PATH } from './AuthLinks';
import { login, useAuth } from './authStore';

interface Notice {
  tone: 'error' | 'info';
  message: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const { loading } = useAuth();
  const { values, set, field, check } = useFields({ username: '', password: '', token: '' });
  const username = values.username.trim();
  const otp = values.token.trim();
  const [otpShown, setOtpShown] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [ssoBusy, setSsoBusy] = useState(false);
  const otpRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (otpShown) otpRef.current?.focus();
  }, [otpShown]);

  // Fetch the main area's code while the user types, so the dashboard appears right after login.
  useEffect(() => {
    void import('../layout/MainLayout');
    void import('../features/dashboard/DashboardPage');
  }, []);

  /** Single sign-on (issue #6): the OIDC client is fetched only now, on demand. */
  async function onSso() {
    setNotice(null);
    setSsoBusy(true);
    try {
      const sso = await import('./sso');
      await sso.startSsoLogin().catch((error: unknown) => {
        throw new Error(sso.ssoErrorMessage(error));
      });
    } catch (error) {
      setSsoBusy(false);
      setNotice({ tone: 'error', message: error instanceof Error ? error.message : idErrors.unexpected });
    }
  }

  async function onSubmit() {
    const errors = {
      username: username ? undefined : idAuth.usernameRequired,
      password: values.password ? undefined : idAuth.passwordRequired,
      token: otpShown && !otp ? idAuth.otpRequired : undefined,
    };
    if (!check(errors)) {
      if (errors.username) usernameRef.current?.focus();
      else if (errors.token) otpRef.current?.focus();
      return;
    }
    setNotice(null);
    try {
      await login(username, values.password, otpShown ? otp : null);
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const message = apiError?.message ?? idErrors.unexpected;
      if (apiError?.code === AKUN_ERROR_CODES.passwordChangeRequired) {
        const state: ChangePasswordState = { username, oldPassword: values.password };
        navigate(CHANGE_PASSWORD_PATH, { state });
        return;
      }
      if (apiError?.code === ERROR_CODES.otpRequired) {
        setOtpShown(true);
        setNotice({ tone: 'info', message });
        otpRef.current?.focus();
        return;
      }
      if (apiError?.code === ERROR_CODES.otpInvalid) {
        set('token', '');
        otpRef.current?.focus();
      }
      setNotice({ tone: 'error', message });
    }
  }

  return (
    <AuthFrame
      width={420}
      nameIsHeading
      below={
        <Text c="dimmed" size="xs" ta="center" mt="md">
          {idApp.footer}
        </Text>
      }
    >
      <AuthForm
        onSubmit={() => void onSubmit()}
        busy={loading}
        submit={idAuth.submit}
        labelledBy="login-title"
        above={
          <>
            <Title id="login-title" order={2} size="h4" fw={600}>
              {idAuth.title}
            </Title>
            <ErrorAlert
              message={notice?.message ?? null}
              color={notice?.tone === 'error' ? 'red' : 'blue'}
              title={notice?.tone === 'error' ? idAuth.loginFailedTitle : idAuth.otpNeededTitle}
            />
          </>
        }
      >
        <TextInput
          ref={usernameRef}
          label={idAuth.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          {...field('username')}
        />
        <PasswordInput
          label={idAuth.password}
          visibilityToggleButtonProps={{ 'aria-label': idAuth.showPassword }}
          autoComplete="current-password"
          required
          {...field('password')}
        />
        {otpShown && (
          <TextInput
            ref={otpRef}
            label={idAuth.otp}
            description={idAuth.otpHint}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="one-time-code"
            maxLength={20}
            required
            // Digits of a code, or a recovery code (letters, digits and a dash).
            {...field('token', (value) => value.replace(/[^0-9A-Za-z-]/g, ''))}
          />
        )}
      </AuthForm>
      <Divider my="md" label={idSso.or} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconKey size={18} aria-hidden />}
        loading={ssoBusy}
        disabled={ssoBusy || loading}
        onClick={() => void onSso()}
      >
        {idSso.button}
      </Button>
      <AuthLinks />
    </AuthFrame>
  );
}
