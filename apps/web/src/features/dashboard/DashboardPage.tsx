// /dashboard: greeting, the user's instansi and roles, the figures of the roles they hold per track
// (DashboardFigures), and cards to every page they may open.

import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { namaPeran } from '@portal/contract';
import { useAuth } from '../../auth/authStore';
import { idDashboard } from '../../i18n/dashboard';
import { MenuCards } from '../../ui/MenuCards';
import { DashboardFigures } from './DashboardFigures';

// What the route's loader starts before this page renders (issue #22), from the page's own chunk.
export { prefetchDashboard } from '../../api/dashboard';

export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="xl">
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" fw={600}>
          {idDashboard.greeting(user.fullname)}
        </Title>
        <Text c="dimmed" mt={4}>
          {user.instansi.nama}
        </Text>
        <Text size="sm" fw={500} mt="md" mb={6}>
          {idDashboard.roles}
        </Text>
        {user.authorities.length > 0 ? (
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {user.authorities.map(({ authority }) => (
              <li key={authority}>
                <Badge variant="light" radius="sm" tt="none">
                  {namaPeran(authority)}
                </Badge>
              </li>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {idDashboard.noRoles}
          </Text>
        )}
      </Paper>
      <DashboardFigures instansi={user.instansi.nama} />
      <section aria-labelledby="dashboard-menus">
        <Title id="dashboard-menus" order={2} size="h4" fw={600} mb="md">
          {idDashboard.menus}
        </Title>
        {user.menus.length > 0 ? (
          <MenuCards menus={user.menus} headingLevel={3} />
        ) : (
          <Text c="dimmed">{idDashboard.noMenus}</Text>
        )}
      </section>
    </Stack>
  );
}
