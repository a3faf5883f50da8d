// The frame of the auth screens of issue #6 (forgot password, new password, key login,
// registration): the portal's name above one card, as on the login page.

import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LOGIN_PATH } from '@portal/contract';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { idAkun } from '../i18n/akun';
import { idApp } from '../i18n/app';
import { idErrors } from '../i18n/errors';

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
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={460}>
        <Stack align="center" gap={4} mb="lg">
          <IconShieldLock size={48} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Text fw={700} size="xl" ta="center" c="var(--mantine-primary-color-8)">
            {idApp.name}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
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
        </Paper>
        <Group justify="center" gap="lg" mt="md">
          <Anchor component={Link} to={LOGIN_PATH} size="sm">
            {idAkun.backToLogin}
          </Anchor>
          {footer}
        </Group>
      </Box>
    </Center>
  );
}

/** The server's message of a failed call (already Indonesian), or the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : idErrors.unexpected;
}
