// /profil (issue #6), from the user menu: the account, changing the password, the TOTP second
// factor (QR code, a code verified before it is on, recovery codes shown once), personal access
// keys (shown once; expiry, last use, revoke) and the recent sign-ins from the audit trail.
// Changing the password says what is wrong with the one form pattern (issue #32, ui/form/): the
// fields marked and a summary above them, checked before sending and from the server's refusal.

import { Button, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatWaktu, PASSWORD_POLICY, type Profile, resetPasswordRequestSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { getProfile, postResetPassword } from '../../api/akun';
import { errorMessage } from '../../auth/AuthCard';
import { idAkun } from '../../i18n/akun';
import { idForm } from '../../i18n/form';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { type FieldErrors, issuesToFieldErrors } from '../../ui/form/fieldErrors';
import { useFormErrors } from '../../ui/form/useFormErrors';
import { AccessKeySection } from './AccessKeySection';
import { Feedback, PROFILE_KEY, Section, t, useAction } from './parts';
import { TotpSection } from './TotpSection';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}
type PasswordField = keyof PasswordValues;

const KOSONG: PasswordValues = { oldPassword: '', newPassword: '', confirm: '' };
const PASSWORD_ID: Record<PasswordField, string> = {
  oldPassword: 'profil-sandi-lama',
  newPassword: 'profil-sandi-baru',
  confirm: 'profil-sandi-ulang',
};
const PASSWORD_LABEL: Record<PasswordField, string> = {
  oldPassword: idAkun.oldPassword,
  newPassword: idAkun.newPassword,
  confirm: idAkun.confirmPassword,
};
const PASSWORD_FIELDS = (Object.keys(PASSWORD_ID) as PasswordField[]).map((key) => ({
  key,
  label: PASSWORD_LABEL[key],
  id: PASSWORD_ID[key],
}));

/**
 * The password form's problems before it is sent (issue #32): an empty field must be filled, the
 * rest is checked by the contract's schema (the server's), and the new password must be repeated.
 * The password policy is the server's: its refusal lands on the new password.
 */
function periksaSandi(values: PasswordValues, username: string): FieldErrors {
  const { oldPassword, newPassword, confirm } = values;
  const parsed = resetPasswordRequestSchema.safeParse({ username, oldPassword, newPassword });
  const found: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  for (const field of PASSWORD_FIELDS) if (!values[field.key]) found[field.key] = idForm.wajib(field.label);
  if (!found.confirm && newPassword && confirm !== newPassword) found.confirm = idAkun.mismatch;
  return found;
}

function PasswordSection({ profile }: { profile: Profile }) {
  const [values, setValues] = useState<PasswordValues>(KOSONG);
  const [success, setSuccess] = useState<string | null>(null);
  const problems = useFormErrors();
  const { errors } = problems;
  const action = useAction(problems);
  const set = (field: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    problems.clear(field);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuccess(null);
    if (action.busy || !problems.check(periksaSandi(values, profile.username))) return;
    const { oldPassword, newPassword } = values;
    await action.change(
      () => postResetPassword({ username: profile.username, oldPassword, newPassword }),
      (result) => {
        setSuccess(result.message);
        setValues(KOSONG);
      },
    );
  }

  const field = (name: PasswordField) => ({
    id: PASSWORD_ID[name],
    label: PASSWORD_LABEL[name],
    required: true,
    value: values[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => set(name, e.currentTarget.value),
    error: errors[name],
    // Mantine's PasswordInput describes its input by the error but does not mark it invalid itself.
    'aria-invalid': errors[name] ? true : undefined,
  });

  return (
    <Section title={t.passwordTitle}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          {profile.passwordChangedAt && (
            <Text size="sm" c="dimmed">
              {t.passwordChangedAt(formatWaktu(profile.passwordChangedAt))}
            </Text>
          )}
          <ErrorSummary
            errors={errors}
            fields={PASSWORD_FIELDS}
            message={problems.message}
            attempt={problems.attempt}
          />
          <Feedback success={success} />
          <PasswordInput {...field('oldPassword')} autoComplete="current-password" />
          <PasswordInput
            {...field('newPassword')}
            description={idAkun.passwordHint(PASSWORD_POLICY.minLength)}
            autoComplete="new-password"
          />
          <PasswordInput {...field('confirm')} autoComplete="new-password" />
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
