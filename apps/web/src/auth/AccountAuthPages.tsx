// The auth screens of issue #6 beside /auth/login: forgot password, the forced new password
// after a temporary one, key login and registration. Each disables its button and shows a
// spinner while its call runs (spec §4 loading flag); server messages are shown as sent.

import { Alert, Button, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { DASHBOARD_PATH, ERROR_CODES, PASSWORD_POLICY, type RegistrationInfo } from '@portal/contract';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getRegistrationInfo, postResetPassword } from '../api/akun';
import { ApiError } from '../api/http';
import { idAkun } from '../i18n/akun';
import { idAuth } from '../i18n/auth';
import { AuthCard, errorMessage } from './AuthCard';
import { RegisterLink } from './AuthLinks';
import { forgotPassword, login, loginWithKey, register, useAuth } from './authStore';

const t = idAkun;

function ErrorAlert({ message, title = idAuth.loginFailedTitle }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert role="alert" color="red" icon={<IconAlertCircle aria-hidden />} title={title}>
      {message}
    </Alert>
  );
}

/** /auth/lupa-kata-sandi */
export function ForgotPasswordPage() {
  const { loading } = useAuth();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return setFieldError(t.emailRequired);
    setFieldError(undefined);
    setError(null);
    try {
      setSent(await forgotPassword(email.trim()));
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <AuthCard title={t.forgot.title} intro={t.forgot.intro} footer={<RegisterLink />}>
      {sent ? (
        <Alert role="status" color="teal" icon={<IconCircleCheck aria-hidden />} title={t.forgot.sentTitle}>
          {sent}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} />
            <TextInput
              label={t.email}
              type="email"
              name="email"
              autoComplete="email"
              required
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError}
            />
            <Button type="submit" fullWidth loading={loading} disabled={loading}>
              {t.forgot.submit}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

/** What the login page hands over after PASSWORD_CHANGE_REQUIRED (memory only, never stored). */
export interface ChangePasswordState {
  username: string;
  oldPassword: string;
}

/** /auth/ganti-kata-sandi: reset-password (spec §7), then sign in with the new password. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const handed = (useLocation().state ?? null) as ChangePasswordState | null;
  const { loading } = useAuth();
  const [username, setUsername] = useState(handed?.username ?? '');
  const [oldPassword, setOldPassword] = useState(handed?.oldPassword ?? '');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [otp, setOtp] = useState('');
  const [otpShown, setOtpShown] = useState(false);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    await login(username.trim(), newPassword, otpShown ? otp.trim() : null);
    navigate(DASHBOARD_PATH, { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!username.trim()) errors.username = idAuth.usernameRequired;
    if (!oldPassword) errors.oldPassword = t.required;
    if (!newPassword) errors.newPassword = t.required;
    else if (newPassword !== confirm) errors.confirm = t.mismatch;
    if (otpShown && !otp.trim()) errors.otp = idAuth.otpRequired;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError(null);
    setBusy(true);
    try {
      if (!changed) {
        await postResetPassword({ username: username.trim(), oldPassword, newPassword });
        setChanged(true);
      }
      await signIn();
    } catch (e) {
      if (e instanceof ApiError && e.code === ERROR_CODES.otpRequired) {
        setOtpShown(true);
        setError(null);
      } else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const working = busy || loading;
  return (
    <AuthCard title={t.change.title} intro={t.change.intro}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={error} />
          {!handed && (
            <>
              <TextInput
                label={idAuth.username}
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                error={fieldErrors.username}
                disabled={changed}
              />
              <PasswordInput
                label={t.oldPassword}
                name="oldPassword"
                autoComplete="current-password"
                value={oldPassword}
                onChange={(e) => setOldPassword(e.currentTarget.value)}
                error={fieldErrors.oldPassword}
                disabled={changed}
              />
            </>
          )}
          <PasswordInput
            label={t.newPassword}
            description={t.passwordHint(PASSWORD_POLICY.minLength)}
            name="newPassword"
            autoComplete="new-password"
            autoFocus
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
            error={fieldErrors.newPassword}
            disabled={changed}
          />
          <PasswordInput
            label={t.confirmPassword}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={fieldErrors.confirm}
            disabled={changed}
          />
          {otpShown && (
            <TextInput
              label={idAuth.otp}
              description={idAuth.otpHint}
              name="token"
              autoComplete="one-time-code"
              autoFocus
              value={otp}
              onChange={(e) => setOtp(e.currentTarget.value.trim())}
              error={fieldErrors.otp}
            />
          )}
          <Button type="submit" fullWidth loading={working} disabled={working}>
            {otpShown ? idAuth.submit : t.change.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** /auth/masuk-kunci: spec §7 key login. */
export function KeyLoginPage() {
  const navigate = useNavigate();
  const { loading } = useAuth();
  const [username, setUsername] = useState('');
  const [key, setKey] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!username.trim()) errors.username = idAuth.usernameRequired;
    if (!key.trim()) errors.key = t.keyLogin.keyRequired;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError(null);
    try {
      await loginWithKey(username.trim(), key.trim());
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <AuthCard title={t.keyLogin.title} intro={t.keyLogin.intro} footer={<RegisterLink />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={error} />
          <TextInput
            label={idAuth.username}
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={fieldErrors.username}
          />
          <PasswordInput
            label={t.keyLogin.key}
            name="accessKey"
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            error={fieldErrors.key}
          />
          <Button type="submit" fullWidth loading={loading} disabled={loading}>
            {idAuth.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** /auth/daftar: spec §4 registration (only when the server has it open). */
export function RegisterPage() {
  const navigate = useNavigate();
  const { loading } = useAuth();
  const [info, setInfo] = useState<RegistrationInfo | null>(null);
  const [form, setForm] = useState({ email: '', fullname: '', instansiKode: '', password: '', confirm: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getRegistrationInfo()
      .then(setInfo)
      .catch(() => setInfo({ enabled: false, instansi: [] }));
  }, []);

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => setForm({ ...form, [name]: e.currentTarget.value }),
    error: fieldErrors[name],
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!form.email.trim()) errors.email = t.emailRequired;
    if (!form.fullname.trim()) errors.fullname = t.required;
    if (!form.instansiKode) errors.instansiKode = t.required;
    if (!form.password) errors.password = t.required;
    else if (form.password !== form.confirm) errors.confirm = t.mismatch;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError(null);
    const user = await register(
      {
        email: form.email.trim(),
        password: form.password,
        fullname: form.fullname.trim(),
        instansiKode: form.instansiKode,
      },
      (e) => setError(errorMessage(e)),
    );
    if (user) navigate(DASHBOARD_PATH, { replace: true });
  }

  return (
    <AuthCard title={t.register.title} intro={info?.enabled ? t.register.intro : undefined}>
      {info && !info.enabled && (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
          {t.register.closed}
        </Alert>
      )}
      {info?.enabled && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} title={t.register.failedTitle} />
            <TextInput label={t.email} type="email" autoComplete="email" required autoFocus {...field('email')} />
            <TextInput label={t.fullname} autoComplete="name" required {...field('fullname')} />
            <Select
              label={t.instansi}
              placeholder={t.register.instansiPlaceholder}
              searchable
              required
              data={info.instansi.map((i) => ({ value: i.kode, label: i.nama }))}
              value={form.instansiKode || null}
              onChange={(value) => setForm({ ...form, instansiKode: value ?? '' })}
              error={fieldErrors.instansiKode}
            />
            <PasswordInput
              label={idAuth.password}
              description={t.passwordHint(PASSWORD_POLICY.minLength)}
              autoComplete="new-password"
              required
              {...field('password')}
            />
            <PasswordInput label={t.confirmPassword} autoComplete="new-password" required {...field('confirm')} />
            <Button type="submit" fullWidth loading={loading} disabled={loading}>
              {t.register.submit}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
