// /auth/login (spec §3/§7): username and password; the "Kode OTP" field appears once the server
// answers OTP_REQUIRED. Server messages are shown as sent (already Indonesian).

import {
  Alert,
  Box,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AKUN_ERROR_CODES, DASHBOARD_PATH, ERROR_CODES } from '@portal/contract';
import { IconAlertCircle, IconKey, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/http';
import { idApp } from '../i18n/app';
import { idAuth } from '../i18n/auth';
import { idErrors } from '../i18n/errors';
import { idSso } from '../i18n/sso';
import type { ChangePasswordState } from './AccountAuthPages';
import { AuthLinks, CHANGE_PASSWORD_PATH } from './AuthLinks';
import { login, useAuth } from './authStore';

interface FieldErrors {
  username?: string;
  password?: string;
  otp?: string;
}

interface Notice {
  tone: 'error' | 'info';
  message: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const { loading } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [otpShown, setOtpShown] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
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

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = idAuth.usernameRequired;
    if (!password) errors.password = idAuth.passwordRequired;
    if (otpShown && !otp.trim()) errors.otp = idAuth.otpRequired;
    return errors;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      if (errors.username) usernameRef.current?.focus();
      else if (errors.otp) otpRef.current?.focus();
      return;
    }
    setNotice(null);
    try {
      await login(username.trim(), password, otpShown ? otp.trim() : null);
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const message = apiError?.message ?? idErrors.unexpected;
      if (apiError?.code === AKUN_ERROR_CODES.passwordChangeRequired) {
        const state: ChangePasswordState = { username: username.trim(), oldPassword: password };
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
        setOtp('');
        otpRef.current?.focus();
      }
      setNotice({ tone: 'error', message });
    }
  }

  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420}>
        <Stack align="center" gap={4} mb="lg">
          <IconShieldLock size={48} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Title order={1} size="h2" ta="center" c="var(--mantine-primary-color-8)">
            {idApp.name}
          </Title>
          <Text c="dimmed" ta="center">
            {idApp.tagline}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
            <Stack gap="md">
              <Title id="login-title" order={2} size="h4" fw={600}>
                {idAuth.title}
              </Title>
              {notice && (
                <Alert
                  role="alert"
                  color={notice.tone === 'error' ? 'red' : 'blue'}
                  icon={<IconAlertCircle aria-hidden />}
                  title={notice.tone === 'error' ? idAuth.loginFailedTitle : idAuth.otpNeededTitle}
                >
                  {notice.message}
                </Alert>
              )}
              <TextInput
                ref={usernameRef}
                label={idAuth.username}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                error={fieldErrors.username}
                autoFocus
              />
              <PasswordInput
                label={idAuth.password}
                visibilityToggleButtonProps={{ 'aria-label': idAuth.showPassword }}
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldErrors.password}
              />
              {otpShown && (
                <TextInput
                  ref={otpRef}
                  label={idAuth.otp}
                  description={idAuth.otpHint}
                  name="token"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoComplete="one-time-code"
                  maxLength={20}
                  required
                  value={otp}
                  // Digits of a code, or a recovery code (letters, digits and a dash).
                  onChange={(e) => setOtp(e.currentTarget.value.replace(/[^0-9A-Za-z-]/g, ''))}
                  error={fieldErrors.otp}
                />
              )}
              <Button type="submit" fullWidth loading={loading} disabled={loading}>
                {idAuth.submit}
              </Button>
            </Stack>
          </form>
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
        </Paper>
        <Text c="dimmed" size="xs" ta="center" mt="md">
          {idApp.footer}
        </Text>
      </Box>
    </Center>
  );
}
