// The auth screens of issue #6 beside /auth/login: forgot password, the forced new password
// after a temporary one, key login and registration. Each disables its button and shows a
// spinner while its call runs (spec §4 loading flag); server messages are shown as sent.

import { Alert, PasswordInput, Select, TextInput } from '@mantine/core';
import { DASHBOARD_PATH, ERROR_CODES, PASSWORD_POLICY, type RegistrationInfo } from '@portal/contract';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getRegistrationInfo, postResetPassword } from '../api/akun';
import { ApiError } from '../api/http';
import { idAkun } from '../i18n/akun';
import { idAuth } from '../i18n/auth';
import { AuthCard, errorMessage } from './AuthCard';
import { AuthForm, ErrorAlert, useFields } from './AuthForm';
import { RegisterLink } from './AuthLinks';
import { forgotPassword, login, loginWithKey, register, useAuth } from './authStore';

const t = idAkun;

/** /auth/lupa-kata-sandi */
export function ForgotPasswordPage() {
  const { loading } = useAuth();
  const { values, field, check } = useFields({ email: '' });
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit() {
    if (!check({ email: values.email.trim() ? undefined : t.emailRequired })) return;
    setError(null);
    try {
      setSent(await forgotPassword(values.email.trim()));
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
        <AuthForm
          onSubmit={() => void onSubmit()}
          busy={loading}
          submit={t.forgot.submit}
          above={<ErrorAlert message={error} />}
        >
          <TextInput label={t.email} type="email" autoComplete="email" required autoFocus {...field('email')} />
        </AuthForm>
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
  const { values, field, check } = useFields({
    username: handed?.username ?? '',
    oldPassword: handed?.oldPassword ?? '',
    newPassword: '',
    confirmPassword: '',
    token: '',
  });
  const { oldPassword, newPassword } = values;
  const username = values.username.trim();
  const [otpShown, setOtpShown] = useState(false);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit() {
    const valid = check({
      username: username ? undefined : idAuth.usernameRequired,
      oldPassword: oldPassword ? undefined : t.required,
      newPassword: newPassword ? undefined : t.required,
      confirmPassword: newPassword && newPassword !== values.confirmPassword ? t.mismatch : undefined,
      token: otpShown && !values.token.trim() ? idAuth.otpRequired : undefined,
    });
    if (!valid) return;
    setError(null);
    setBusy(true);
    try {
      if (!changed) {
        await postResetPassword({ username, oldPassword, newPassword });
        setChanged(true);
      }
      await login(username, newPassword, otpShown ? values.token.trim() : null);
      navigate(DASHBOARD_PATH, { replace: true });
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
      <AuthForm
        onSubmit={() => void onSubmit()}
        busy={working}
        submit={otpShown ? idAuth.submit : t.change.submit}
        above={<ErrorAlert message={error} />}
      >
        {!handed && (
          <>
            <TextInput label={idAuth.username} autoComplete="username" disabled={changed} {...field('username')} />
            <PasswordInput
              label={t.oldPassword}
              autoComplete="current-password"
              disabled={changed}
              {...field('oldPassword')}
            />
          </>
        )}
        <PasswordInput
          label={t.newPassword}
          description={t.passwordHint(PASSWORD_POLICY.minLength)}
          autoComplete="new-password"
          autoFocus
          disabled={changed}
          {...field('newPassword')}
        />
        <PasswordInput
          label={t.confirmPassword}
          autoComplete="new-password"
          disabled={changed}
          {...field('confirmPassword')}
        />
        {otpShown && (
          <TextInput
            label={idAuth.otp}
            description={idAuth.otpHint}
            autoComplete="one-time-code"
            autoFocus
            {...field('token', (value) => value.trim())}
          />
        )}
      </AuthForm>
    </AuthCard>
  );
}

/** /auth/masuk-kunci: spec §7 key login. */
export function KeyLoginPage() {
  const navigate = useNavigate();
  const { loading } = useAuth();
  const { values, field, check } = useFields({ username: '', accessKey: '' });
  const [error, setError] = useState<string | null>(null);

  async function onSubmit() {
    const username = values.username.trim();
    const key = values.accessKey.trim();
    const valid = check({
      username: username ? undefined : idAuth.usernameRequired,
      accessKey: key ? undefined : t.keyLogin.keyRequired,
    });
    if (!valid) return;
    setError(null);
    try {
      await loginWithKey(username, key);
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <AuthCard title={t.keyLogin.title} intro={t.keyLogin.intro} footer={<RegisterLink />}>
      <AuthForm
        onSubmit={() => void onSubmit()}
        busy={loading}
        submit={idAuth.submit}
        above={<ErrorAlert message={error} />}
      >
        <TextInput label={idAuth.username} autoComplete="username" autoFocus {...field('username')} />
        <PasswordInput label={t.keyLogin.key} autoComplete="off" {...field('accessKey')} />
      </AuthForm>
    </AuthCard>
  );
}

/** /auth/daftar: spec §4 registration (only when the server has it open). */
export function RegisterPage() {
  const navigate = useNavigate();
  const { loading } = useAuth();
  const [info, setInfo] = useState<RegistrationInfo | null>(null);
  const { values, errors, set, field, check } = useFields({
    email: '',
    fullname: '',
    instansiKode: '',
    password: '',
    confirm: '',
  });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getRegistrationInfo()
      .then(setInfo)
      .catch(() => setInfo({ enabled: false, instansi: [] }));
  }, []);

  async function onSubmit() {
    const valid = check({
      email: values.email.trim() ? undefined : t.emailRequired,
      fullname: values.fullname.trim() ? undefined : t.required,
      instansiKode: values.instansiKode ? undefined : t.required,
      password: values.password ? undefined : t.required,
      confirm: values.password && values.password !== values.confirm ? t.mismatch : undefined,
    });
    if (!valid) return;
    setError(null);
    const user = await register(
      {
        email: values.email.trim(),
        password: values.password,
        fullname: values.fullname.trim(),
        instansiKode: values.instansiKode,
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
        <AuthForm
          onSubmit={() => void onSubmit()}
          busy={loading}
          submit={t.register.submit}
          above={<ErrorAlert message={error} title={t.register.failedTitle} />}
        >
          <TextInput label={t.email} type="email" autoComplete="email" required autoFocus {...field('email')} />
          <TextInput label={t.fullname} autoComplete="name" required {...field('fullname')} />
          <Select
            label={t.instansi}
            placeholder={t.register.instansiPlaceholder}
            searchable
            required
            data={info.instansi.map((i) => ({ value: i.kode, label: i.nama }))}
            value={values.instansiKode || null}
            onChange={(value) => set('instansiKode', value ?? '')}
            error={errors.instansiKode}
          />
          <PasswordInput
            label={idAuth.password}
            description={t.passwordHint(PASSWORD_POLICY.minLength)}
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <PasswordInput label={t.confirmPassword} autoComplete="new-password" required {...field('confirm')} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
