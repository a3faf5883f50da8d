// /profil (issue #6), from the user menu: the account, changing the password, the TOTP second
// factor (QR code, a code verified before it is on, recovery codes shown once), personal access
// keys (shown once; expiry, last use, revoke) and the recent sign-ins from the audit trail.

import { Button, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatWaktu, PASSWORD_POLICY, type Profile } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getProfile, postResetPassword } from '../../api/akun';
import { errorMessage } from '../../auth/AuthCard';
import { idAkun } from '../../i18n/akun';
import { AccessKeySection } from './AccessKeySection';
import { Feedback, PROFILE_KEY, Section, t, useAction } from './parts';
import { TotpSection } from './TotpSection';

function PasswordSection({ profile }: { profile: Profile }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const action = useAction();

  const onSubmit = action.submit(
    async () => {
      setSuccess(null);
      if (!oldPassword || !newPassword) throw new Error(idAkun.required);
      if (newPassword !== confirm) throw new Error(idAkun.mismatch);
      return postResetPassword({ username: profile.username, oldPassword, newPassword });
    },
    (result) => {
      setSuccess(result.message);
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
    },
  );

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
          {[
            [t.username, profile.username],
            [idAkun.fullname, profile.fullname],
            [idAkun.email, profile.email],
            [idAkun.instansi, profile.instansi.nama],
          ].map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed">
                {label}:{' '}
              </Text>
              {value}
            </Text>
          ))}
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
