// /error/404 (spec §2/§8): where every unknown path ends.

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_PATH } from '@portal/contract';
import { Link } from 'react-router';
import { idErrors } from '../../i18n/errors';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={72} fw={600} c="var(--mantine-primary-color-filled)" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {idErrors.notFoundTitle}
        </Title>
        <Text c="dimmed">{idErrors.notFoundText}</Text>
        <Button component={Link} to={DASHBOARD_PATH}>
          {idErrors.backToDashboard}
        </Button>
      </Stack>
    </Center>
  );
}
