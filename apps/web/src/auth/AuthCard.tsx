// The frame of the auth screens of issue #6 (forgot password, new password, key login,
// registration): the portal's name above one card, as on the login page (AuthFrame, one frame
// for both).

import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LOGIN_PATH } from '@portal/contract';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { idAkun } from '../i18n/akun';
import { idApp } from '../i18n/app';
import { idErrors } from '../i18n/errors';

/**
 * The page of every sign-in screen: the shield and the portal's name above one card, and what
 * stands below it. On the login page the name is the page's heading, with the tagline under it;
 * on the other screens the card's own title is.
 */
export function AuthFrame({
  width,
  nameIsHeading = false,
  children,
  below,
}: {
  width: number;
  nameIsHeading?: boolean;
  children: ReactNode;
  below: ReactNode;
}) {
  const brand = { ta: 'center', c: 'var(--mantine-primary-color-8)', children: idApp.name } as const;
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={width}>
        <Stack align="center" gap={4} mb="lg">
          <IconShieldLock size={48} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
          {nameIsHeading ? <Title order={1} size="h2" {...brand} /> : <Text fw={700} size="xl" {...brand} />}
          {nameIsHeading && (
            <Text c="dimmed" ta="center">
              {idApp.tagline}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
        {below}
      </Box>
    </Center>
  );
}

export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <AuthFrame
      width={460}
      below={
        <Group justify="center" gap="lg" mt="md">
          <Anchor component={Link} to={LOGIN_PATH} size="sm">
            {idAkun.backToLogin}
          </Anchor>
          {footer}
        </Group>
      }
    >
      <Stack gap="md">
        <Title order={1} size="h4" fw={600}>
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </AuthFrame>
  );
}

/** The server's message of a failed call (already Indonesian), or the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : idErrors.unexpected;
}
