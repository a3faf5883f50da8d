// Personal access keys on /profil: shown once, with expiry and last use, revocable. Issue #30: a key
// is made with the password re-entered and, when the second factor is on, the current OTP code.
// A refusal of a field is shown on it, which takes the focus (issue #32, ui/form/); any other
// failure is said above the form.

import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type AccessKey, formatWaktu, type Profile } from '@portal/contract';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { postAccessKey, revokeAccessKey } from '../../api/akun';
import { useFormErrors } from '../../ui/form/useFormErrors';
import { SimpleTable } from '../../ui/SimpleTable';
import { Feedback, Section, t, useAction } from './parts';

/** The fields by their names in the request body, as a refusal names them, in the order shown. */
const FIELD_ID = {
  name: 'profil-kunci-nama',
  days: 'profil-kunci-berlaku',
  password: 'profil-kunci-sandi',
  token: 'profil-kunci-otp',
} as const;

export function keyStatus(key: AccessKey): { label: string; color: string } {
  if (key.revokedAt) return { label: t.keyStatus.revoked, color: 'gray' };
  if (Date.parse(key.expiresAt) <= Date.now()) return { label: t.keyStatus.expired, color: 'orange' };
  return { label: t.keyStatus.live, color: 'teal' };
}

export function AccessKeySection({ profile }: { profile: Profile }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('90');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const problems = useFormErrors();
  const { errors } = problems;
  const action = useAction(problems, FIELD_ID);
  const otp = profile.totpEnabled;
  const ready = name.trim().length >= 3 && password.length > 0 && (!otp || code.length === 6);

  return (
    <Section title={t.keysTitle} icon={<IconKey size={20} aria-hidden />}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.keysIntro}
        </Text>
        <Text size="sm" c="dimmed">
          {otp ? t.keyConfirmIntroOtp : t.keyConfirmIntro}
        </Text>
        {/* A refusal that names a field is shown under it, not twice: the form's message is none then. */}
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
          onSubmit={action.submit(
            () =>
              postAccessKey({
                name: name.trim(),
                days: Number(days),
                password,
                ...(otp ? { token: code.trim() } : {}),
              }),
            (result) => {
              setCreated(result.key);
              setName('');
              setPassword('');
              setCode('');
            },
          )}
          noValidate
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              id={FIELD_ID.name}
              label={t.keyName}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                problems.clear('name');
              }}
              error={errors.name}
              style={{ flex: '1 1 220px' }}
            />
            <Select
              id={FIELD_ID.days}
              label={t.keyDays}
              data={[30, 90, 180, 365].map((d) => ({ value: String(d), label: t.keyDaysOption(d) }))}
              value={days}
              onChange={(value) => {
                setDays(value ?? '90');
                problems.clear('days');
              }}
              error={errors.days}
              allowDeselect={false}
              w={140}
            />
          </Group>
          <Group align="flex-start" gap="sm" mt="sm">
            <PasswordInput
              id={FIELD_ID.password}
              label={t.keyPassword}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                problems.clear('password');
              }}
              error={errors.password}
              // Mantine's PasswordInput does not mark its input invalid itself.
              aria-invalid={errors.password ? true : undefined}
              style={{ flex: '1 1 220px' }}
            />
            {otp && (
              <TextInput
                id={FIELD_ID.token}
                label={t.keyOtp}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value.replace(/\D/g, ''));
                  problems.clear('token');
                }}
                error={errors.token}
                w={160}
              />
            )}
          </Group>
          <Group mt="sm">
            <Button type="submit" loading={action.busy} disabled={action.busy || !ready}>
              {t.keyCreate}
            </Button>
          </Group>
        </form>
        {profile.accessKeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.keyNone}
          </Text>
        ) : (
          <SimpleTable
            label={t.keysTitle}
            minWidth={640}
            head={[
              t.keyColumns.name,
              t.keyColumns.prefix,
              t.keyColumns.created,
              t.keyColumns.expires,
              t.keyColumns.lastUsed,
              t.keyColumns.status,
              '',
            ]}
            rows={profile.accessKeys}
            rowKey={(key) => key.id}
            cells={(key) => {
              const status = keyStatus(key);
              return [
                key.name,
                <Code key="prefix">{key.prefix}…</Code>,
                formatWaktu(key.createdAt),
                formatWaktu(key.expiresAt),
                formatWaktu(key.lastUsedAt),
                <Badge key="status" color={status.color} variant="light">
                  {status.label}
                </Badge>,
                status.label === t.keyStatus.live && (
                  <Button
                    key="revoke"
                    size="xs"
                    color="red"
                    variant="subtle"
                    aria-label={t.keyRevokeLabel(key.name)}
                    onClick={() => void action.change(() => revokeAccessKey(key.id))}
                  >
                    {t.keyRevoke}
                  </Button>
                ),
              ];
            }}
          />
        )}
      </Stack>
    </Section>
  );
}
