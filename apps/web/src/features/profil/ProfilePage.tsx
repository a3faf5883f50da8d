// /profil (issue #6), from the user menu: the account, changing the password, the TOTP second
// factor (QR code, a code verified before it is on, recovery codes shown once), personal access
// keys (shown once; expiry, last use, revoke) and the recent sign-ins from the audit trail.

import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type AccessKey, PASSWORD_POLICY, type Profile, type TotpSetup } from '@portal/contract';
import { IconAlertCircle, IconCircleCheck, IconKey, IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  getProfile,
  postAccessKey,
  postResetPassword,
  postTotpDisable,
  postTotpEnable,
  postTotpSetup,
  revokeAccessKey,
} from '../../api/akun';
import { errorMessage } from '../../auth/AuthCard';
import { idAkun } from '../../i18n/akun';
import { formatWaktu } from '../../i18n/format';

const t = idAkun.profil;
const PROFILE_KEY = ['profil'] as const;

function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Group gap="xs" mb="md">
        {icon}
        <Title order={2} size="h5" fw={600}>
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

function Feedback({ error, success }: { error: string | null; success?: string | null }) {
  if (error) {
    return (
      <Alert role="alert" color="red" icon={<IconAlertCircle aria-hidden />}>
        {error}
      </Alert>
    );
  }
  if (success) {
    return (
      <Alert role="status" color="teal" icon={<IconCircleCheck aria-hidden />}>
        {success}
      </Alert>
    );
  }
  return null;
}

/** Runs one call with a busy flag and an error message (the server's, already Indonesian). */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (e) {
      setError(errorMessage(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run, setError };
}

function PasswordSection({ profile }: { profile: Profile }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const action = useAction();
  const queryClient = useQueryClient();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuccess(null);
    if (!oldPassword || !newPassword) return action.setError(idAkun.required);
    if (newPassword !== confirm) return action.setError(idAkun.mismatch);
    const result = await action.run(() => postResetPassword({ username: profile.username, oldPassword, newPassword }));
    if (result) {
      setSuccess(result.message);
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    }
  }

  return (
    <Section title={t.passwordTitle}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {profile.passwordChangedAt && (
            <Text size="sm" c="dimmed">
              {t.passwordChangedAt(formatWaktu(profile.passwordChangedAt))}
            </Text>
          )}
          <Feedback error={action.error} success={success} />
          <PasswordInput
            label={idAkun.oldPassword}
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOldPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label={idAkun.newPassword}
            description={idAkun.passwordHint(PASSWORD_POLICY.minLength)}
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label={idAkun.confirmPassword}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={action.busy} disabled={action.busy}>
              {t.passwordSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function TotpSection({ profile }: { profile: Profile }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const action = useAction();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROFILE_KEY });

  const status = (
    <Badge color={profile.totpEnabled ? 'teal' : 'gray'} variant="light">
      {profile.totpEnabled ? t.totpOn : t.totpOff}
    </Badge>
  );

  if (recoveryCodes) {
    return (
      <Section title={t.totpTitle} icon={<IconShieldCheck size={20} aria-hidden />}>
        <Stack gap="sm">
          <Alert color="yellow" title={t.recoveryTitle}>
            {t.recoveryIntro}
          </Alert>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" component="ul" aria-label={t.recoveryTitle} p={0} m={0}>
            {recoveryCodes.map((c) => (
              <Code key={c} component="li" ta="center" fz="sm" style={{ listStyle: 'none', whiteSpace: 'nowrap' }}>
                {c}
              </Code>
            ))}
          </SimpleGrid>
          <Group>
            <CopyButton value={recoveryCodes.join('\n')}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t.copied : t.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setRecoveryCodes(null)}>{t.recoveryDone}</Button>
          </Group>
        </Stack>
      </Section>
    );
  }

  if (profile.totpEnabled) {
    return (
      <Section title={t.totpTitle} icon={<IconShieldCheck size={20} aria-hidden />}>
        <Stack gap="sm">
          <Group gap="xs">
            {status}
            <Text size="sm" c="dimmed">
              {t.recoveryLeft(profile.recoveryCodesLeft)}
            </Text>
          </Group>
          <Feedback error={action.error} />
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              const done = await action.run(() => postTotpDisable(password).then(() => true));
              if (done) {
                setPassword('');
                void refresh();
              }
            }}
            noValidate
          >
            <Group align="flex-end" gap="sm">
              <PasswordInput
                label={t.totpDisablePassword}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                style={{ flex: '1 1 240px' }}
              />
              <Button type="submit" color="red" variant="light" loading={action.busy} disabled={action.busy}>
                {t.totpDisable}
              </Button>
            </Group>
          </form>
        </Stack>
      </Section>
    );
  }

  return (
    <Section title={t.totpTitle} icon={<IconShieldCheck size={20} aria-hidden />}>
      <Stack gap="sm">
        <Group gap="xs">{status}</Group>
        <Text size="sm">{t.totpIntro}</Text>
        <Feedback error={action.error} />
        {!setup ? (
          <Group>
            <Button
              onClick={async () => setSetup((await action.run(postTotpSetup)) ?? null)}
              loading={action.busy}
              disabled={action.busy}
            >
              {t.totpStart}
            </Button>
          </Group>
        ) : (
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              const result = await action.run(() => postTotpEnable(code.trim()));
              if (result) {
                setRecoveryCodes(result.recoveryCodes);
                setSetup(null);
                setCode('');
                void refresh();
              }
            }}
            noValidate
          >
            <Stack gap="sm">
              <Text size="sm">{t.totpScan}</Text>
              <Group align="flex-start" gap="lg">
                <Image src={setup.qrDataUrl} alt={t.totpQrAlt} w={180} h={180} fit="contain" />
                <Stack gap={4} style={{ flex: '1 1 240px' }}>
                  <Text size="sm" fw={500}>
                    {t.totpSecret}
                  </Text>
                  <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                    {setup.secret}
                  </Code>
                  <TextInput
                    mt="sm"
                    label={t.totpCode}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
                  />
                  <Group mt="xs">
                    <Button type="submit" loading={action.busy} disabled={action.busy || code.length !== 6}>
                      {t.totpVerify}
                    </Button>
                    <Button variant="default" onClick={() => setSetup(null)} disabled={action.busy}>
                      {t.cancel}
                    </Button>
                  </Group>
                </Stack>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Section>
  );
}

function keyStatus(key: AccessKey): { label: string; color: string } {
  if (key.revokedAt) return { label: t.keyStatus.revoked, color: 'gray' };
  if (Date.parse(key.expiresAt) <= Date.now()) return { label: t.keyStatus.expired, color: 'orange' };
  return { label: t.keyStatus.live, color: 'teal' };
}

function AccessKeySection({ profile }: { profile: Profile }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('90');
  const [created, setCreated] = useState<string | null>(null);
  const action = useAction();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROFILE_KEY });

  return (
    <Section title={t.keysTitle} icon={<IconKey size={20} aria-hidden />}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.keysIntro}
        </Text>
        <Feedback error={action.error} />
        {created && (
          <Alert color="yellow" title={t.keyShownOnce}>
            <Group gap="xs" wrap="nowrap">
              <Code fz="sm" data-testid="access-key" style={{ wordBreak: 'break-all' }}>
                {created}
              </Code>
              <CopyButton value={created}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t.copied : t.copy}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await action.run(() => postAccessKey({ name: name.trim(), days: Number(days) }));
            if (result) {
              setCreated(result.key);
              setName('');
              void refresh();
            }
          }}
          noValidate
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t.keyName}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
            />
            <Select
              label={t.keyDays}
              data={[30, 90, 180, 365].map((d) => ({ value: String(d), label: t.keyDaysOption(d) }))}
              value={days}
              onChange={(value) => setDays(value ?? '90')}
              allowDeselect={false}
              w={140}
            />
            <Button type="submit" loading={action.busy} disabled={action.busy || name.trim().length < 3}>
              {t.keyCreate}
            </Button>
          </Group>
        </form>
        {profile.accessKeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.keyNone}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.keyColumns.name}</Table.Th>
                  <Table.Th>{t.keyColumns.prefix}</Table.Th>
                  <Table.Th>{t.keyColumns.created}</Table.Th>
                  <Table.Th>{t.keyColumns.expires}</Table.Th>
                  <Table.Th>{t.keyColumns.lastUsed}</Table.Th>
                  <Table.Th>{t.keyColumns.status}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {profile.accessKeys.map((key) => {
                  const status = keyStatus(key);
                  return (
                    <Table.Tr key={key.id}>
                      <Table.Td>{key.name}</Table.Td>
                      <Table.Td>
                        <Code>{key.prefix}…</Code>
                      </Table.Td>
                      <Table.Td>{formatWaktu(key.createdAt)}</Table.Td>
                      <Table.Td>{formatWaktu(key.expiresAt)}</Table.Td>
                      <Table.Td>{formatWaktu(key.lastUsedAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={status.color} variant="light">
                          {status.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {status.label === t.keyStatus.live && (
                          <Button
                            size="xs"
                            color="red"
                            variant="subtle"
                            aria-label={t.keyRevokeLabel(key.name)}
                            onClick={async () => {
                              if (await action.run(() => revokeAccessKey(key.id))) void refresh();
                            }}
                          >
                            {t.keyRevoke}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Section>
  );
}

function SignInSection({ profile }: { profile: Profile }) {
  return (
    <Section title={t.signInsTitle}>
      {profile.signIns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.signInsNone}
        </Text>
      ) : (
        <Table striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.signInColumns.at}</Table.Th>
              <Table.Th>{t.signInColumns.event}</Table.Th>
              <Table.Th>{t.signInColumns.ip}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profile.signIns.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>{formatWaktu(event.at)}</Table.Td>
                <Table.Td>
                  {t.events[event.action] ?? event.action}
                  {event.reason ? ` (${event.reason})` : ''}
                </Table.Td>
                <Table.Td>{event.ip ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

export function ProfilePage() {
  const query = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => getProfile(signal) });
  const profile = query.data;
  if (query.error) return <Feedback error={errorMessage(query.error)} />;
  if (!profile) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="lg">
      <Section title={t.account}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <Text span c="dimmed">
              {t.username}:{' '}
            </Text>
            {profile.username}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              {idAkun.fullname}:{' '}
            </Text>
            {profile.fullname}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              {idAkun.email}:{' '}
            </Text>
            {profile.email}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              {idAkun.instansi}:{' '}
            </Text>
            {profile.instansi.nama}
          </Text>
        </SimpleGrid>
      </Section>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <PasswordSection profile={profile} />
        <TotpSection profile={profile} />
      </SimpleGrid>
      <AccessKeySection profile={profile} />
      <SignInSection profile={profile} />
    </Stack>
  );
}
