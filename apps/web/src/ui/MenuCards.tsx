// Cards linking to menu entries, grouped by section: the dashboard and the track roots share it.

import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MenuEntry } from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { groupBySection } from '../layout/AsideMenu';

export function MenuCards({ menus, headingLevel = 2 }: { menus: readonly MenuEntry[]; headingLevel?: 2 | 3 }) {
  return (
    <Stack gap="lg">
      {groupBySection(menus).map(({ section, entries }) => (
        <section key={section}>
          <Title order={headingLevel} size="h5" fw={600} mb="sm">
            {section}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {entries.map((entry) => (
              <Card
                key={entry.page}
                component={Link}
                to={entry.page}
                withBorder
                padding="md"
                radius="md"
                aria-label={`${entry.title} — ${section}`}
              >
                <Group justify="space-between" wrap="nowrap">
                  {/* The title only: a route path means nothing to the people reading it (issue #19). */}
                  <Text fw={500}>{entry.title}</Text>
                  <IconArrowRight size={18} aria-hidden />
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
