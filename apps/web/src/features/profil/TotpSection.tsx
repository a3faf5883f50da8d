// The TOTP second factor on /profil: a QR code, a code verified before it is on, recovery codes shown once.
// Its two forms have one field each: a refusal of it is shown on the field, which takes the focus
// (issue #32, as JadwalPage's rows); any other failure is said above the form.

import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Profile, TotpSetup } from '@portal/contract';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { postTotpDisable, postTotpEnable, postTotpSetup } from '../../api/akun';
import { useFormErrors } from '../../ui/form/useFormErrors';
import { Feedback, Section, t, useAction } from './parts';

/** The fields by their names in the request body (`code`, `password`), as a refusal names them. */
const FIELD_ID = { code: 'profil-totp-kode', password: 'profil-totp-sandi' } as const;

export function TotpSection({ profile }: { profile: Profile }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const problems = useFormErrors();
  const action = useAction(problems, FIELD_ID);

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
            onSubmit={action.submit(
              () => postTotpDisable(password),
              () => setPassword(''),
            )}
            noValidate
          >
            <Group align="flex-end" gap="sm">
              <PasswordInput
                id={FIELD_ID.password}
                label={t.totpDisablePassword}
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  problems.clear('password');
                }}
                error={problems.errors.password}
                // Mantine's PasswordInput does not mark its input invalid itself.
                aria-invalid={problems.errors.password ? true : undefined}
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
            onSubmit={action.submit(
              () => postTotpEnable(code.trim()),
              (result) => {
                setRecoveryCodes(result.recoveryCodes);
                setSetup(null);
                setCode('');
              },
            )}
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
                    id={FIELD_ID.code}
                    mt="sm"
                    label={t.totpCode}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    onChange={(e) => {
                      setCode(e.currentTarget.value.replace(/\D/g, ''));
                      problems.clear('code');
                    }}
                    error={problems.errors.code}
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
