// /error/404 (spec §2/§8): where every unknown path ends.

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_PATH } from '@portal/contract';
import { Link } from 'react-router';
import { id } from '../../i18n/id';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={72} fw={600} c="var(--mantine-primary-color-filled)" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {id.errors.notFoundTitle}
        </Title>
        <Text c="dimmed">{id.errors.notFoundText}</Text>
        <Button component={Link} to={DASHBOARD_PATH}>
          {id.errors.backToDashboard}
        </Button>
      </Stack>
    </Center>
  );
}
