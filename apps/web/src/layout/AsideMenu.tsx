// The aside menu (spec §2): Dashboard first, then the user's allowed pages grouped by section.
// Only plain links whose href is the route path (ARCHITECTURE.md accessibility rule); section
// titles are headings, not links.

import { NavLink, Stack, Text } from '@mantine/core';
import { DASHBOARD_PATH, type MenuEntry, stripDetail } from '@portal/contract';
import { IconChevronRight, IconLayoutDashboard } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { id } from '../i18n/id';

export function groupBySection(menus: readonly MenuEntry[]): { section: string; entries: MenuEntry[] }[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const entry of menus) {
    const group = groups.get(entry.section);
    if (group) group.push(entry);
    else groups.set(entry.section, [entry]);
  }
  return [...groups].map(([section, entries]) => ({ section, entries }));
}

interface AsideMenuProps {
  menus: readonly MenuEntry[];
  onNavigate?: () => void;
}

/** The links of the aside; the caller supplies the `<nav aria-label="Menu utama">` landmark. */
export function AsideMenu({ menus, onNavigate }: AsideMenuProps) {
  const current = stripDetail(useLocation().pathname);
  return (
    <Stack gap={4}>
      <NavLink
        component={Link}
        to={DASHBOARD_PATH}
        label={id.layout.dashboard}
        leftSection={<IconLayoutDashboard size={18} stroke={1.6} aria-hidden />}
        active={current === DASHBOARD_PATH}
        aria-current={current === DASHBOARD_PATH ? 'page' : undefined}
        onClick={onNavigate}
      />
      {groupBySection(menus).map(({ section, entries }) => (
        <section key={section} aria-labelledby={`menu-section-${slug(section)}`}>
          <Text
            id={`menu-section-${slug(section)}`}
            component="h2"
            size="xs"
            fw={600}
            c="dimmed"
            tt="uppercase"
            mt="md"
            mb={4}
            px="sm"
          >
            {section}
          </Text>
          {entries.map((entry) => (
            <NavLink
              key={entry.page}
              component={Link}
              to={entry.page}
              label={entry.title}
              leftSection={<IconChevronRight size={14} stroke={1.6} aria-hidden />}
              active={current === entry.page}
              aria-current={current === entry.page ? 'page' : undefined}
              onClick={onNavigate}
            />
          ))}
        </section>
      ))}
    </Stack>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
