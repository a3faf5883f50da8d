// The TOTP second factor on /profil: a QR code, a code verified before it is on, recovery codes shown once.

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
import { Feedback, Section, t, useAction } from './parts';

export function TotpSection({ profile }: { profile: Profile }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const action = useAction();

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
