// The aside menu (spec §2): Dashboard first, then the user's allowed pages grouped by section.
// Only plain links whose href is the route path (ARCHITECTURE.md accessibility rule); section
// titles are headings, not links. Minimised (layout config), each section is an icon whose links
// drop out beside it on hover and close 500 ms after the pointer leaves (spec §9); the dropdown
// stays inside the nav (no portal) so the links remain part of the "Menu utama" landmark.

import { NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { DASHBOARD_PATH, LAYOUT, type MenuEntry, stripDetail } from '@portal/contract';
import {
  IconChevronRight,
  IconFileCheck,
  IconLayoutDashboard,
  IconMessageReport,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { idLayout } from '../i18n/layout';

export function groupBySection(menus: readonly MenuEntry[]): { section: string; entries: MenuEntry[] }[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const entry of menus) {
    const group = groups.get(entry.section);
    if (group) group.push(entry);
    else groups.set(entry.section, [entry]);
  }
  return [...groups].map(([section, entries]) => ({ section, entries }));
}

function sectionIcon(section: string) {
  if (section.startsWith('Verifikasi')) return IconFileCheck;
  if (section.startsWith('Jawab Sanggah')) return IconMessageReport;
  return IconUsersGroup;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** A dropdown that opens on hover and closes `timeoutMs` after the pointer leaves. */
export function useHoverDropdown(timeoutMs: number = LAYOUT.asideDropdownHoverTimeoutMs) {
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    opened,
    open: () => {
      cancel();
      setOpened(true);
    },
    close: () => {
      cancel();
      setOpened(false);
    },
    toggle: () => {
      cancel();
      setOpened((value) => !value);
    },
    closeLater: () => {
      cancel();
      timer.current = setTimeout(() => setOpened(false), timeoutMs);
    },
  };
}

interface LinksProps {
  entries: readonly MenuEntry[];
  current: string;
  onNavigate?: () => void;
}

function SectionLinks({ entries, current, onNavigate }: LinksProps) {
  return entries.map((entry) => (
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
  ));
}

function SectionHeading({ section, ...props }: { section: string; mt?: string }) {
  return (
    <Text
      id={`menu-section-${slug(section)}`}
      component="h2"
      size="xs"
      fw={600}
      c="dimmed"
      tt="uppercase"
      mb={4}
      px="sm"
      {...props}
    >
      {section}
    </Text>
  );
}

function MinimizedSection({ section, entries, current, onNavigate }: LinksProps & { section: string }) {
  const dropdown = useHoverDropdown();
  const Icon = sectionIcon(section);
  const active = entries.some((entry) => entry.page === current);
  const flyoutId = `menu-flyout-${slug(section)}`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') dropdown.close();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors the button's own toggle
    <div
      className="portal-aside-group"
      onMouseEnter={dropdown.open}
      onMouseLeave={dropdown.closeLater}
      onKeyDown={onKeyDown}
    >
      <UnstyledButton
        aria-expanded={dropdown.opened}
        aria-controls={flyoutId}
        onClick={dropdown.toggle}
        className="portal-aside-icon"
        data-active={active || undefined}
        p="sm"
        w="100%"
        style={{ display: 'flex', justifyContent: 'center', borderRadius: 'var(--mantine-radius-md)' }}
        c={active ? 'var(--mantine-primary-color-filled)' : undefined}
      >
        <Icon size={22} stroke={1.6} aria-hidden />
        <VisuallyHidden>{section}</VisuallyHidden>
      </UnstyledButton>
      <section
        id={flyoutId}
        className="portal-aside-flyout"
        hidden={!dropdown.opened}
        aria-labelledby={`menu-section-${slug(section)}`}
      >
        <SectionHeading section={section} />
        <SectionLinks
          entries={entries}
          current={current}
          onNavigate={() => {
            dropdown.close();
            onNavigate?.();
          }}
        />
      </section>
    </div>
  );
}

interface AsideMenuProps {
  menus: readonly MenuEntry[];
  onNavigate?: () => void;
  minimized?: boolean;
}

/** The links of the aside; the caller supplies the `<nav aria-label="Menu utama">` landmark. */
export function AsideMenu({ menus, onNavigate, minimized = false }: AsideMenuProps) {
  const current = stripDetail(useLocation().pathname);
  const onDashboard = current === DASHBOARD_PATH;
  const dashboardIcon = <IconLayoutDashboard size={minimized ? 22 : 18} stroke={1.6} aria-hidden />;
  return (
    <Stack gap={4}>
      <NavLink
        component={Link}
        to={DASHBOARD_PATH}
        label={minimized ? <VisuallyHidden>{idLayout.dashboard}</VisuallyHidden> : idLayout.dashboard}
        leftSection={dashboardIcon}
        active={onDashboard}
        aria-current={onDashboard ? 'page' : undefined}
        onClick={onNavigate}
        styles={minimized ? { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 } } : undefined}
      />
      {groupBySection(menus).map(({ section, entries }) =>
        minimized ? (
          <MinimizedSection
            key={section}
            section={section}
            entries={entries}
            current={current}
            onNavigate={onNavigate}
          />
        ) : (
          <section key={section} aria-labelledby={`menu-section-${slug(section)}`}>
            <SectionHeading section={section} mt="md" />
            <SectionLinks entries={entries} current={current} onNavigate={onNavigate} />
          </section>
        ),
      )}
    </Stack>
  );
}
