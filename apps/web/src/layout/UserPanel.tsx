// The user panel of the header: a button with the user's name and instansi that opens either an
// offcanvas drawer (default, spec §3) or a dropdown menu, per the layout config.

import {
  Avatar,
  Button,
  Divider,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BUILDER_PATH, PROFILE_PATH, type Principal } from '@portal/contract';
import { IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { logout } from '../auth/authStore';
import { idLayout } from '../i18n/layout';
import type { LayoutConfig } from './layoutConfig';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

// Named by what it shows (WCAG 2.5.3, issue #32): "Menu pengguna: Dewi Lestari Kementerian Hukum"
// contains the visible name and instansi; on a phone they are read, not shown, beside the initials.
function UserButton({ user, ...props }: { user: Principal } & ComponentProps<'button'>) {
  return (
    <UnstyledButton {...props}>
      <Group gap="sm" wrap="nowrap">
        <Avatar color="var(--mantine-primary-color-filled)" variant="filled" radius="xl" size="md" aria-hidden>
          {initials(user.fullname)}
        </Avatar>
        <VisuallyHidden>{idLayout.userMenu}: </VisuallyHidden>
        <Stack gap={0} className="portal-user-text">
          <Text size="sm" fw={500} lh={1.3}>
            {user.fullname}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3}>
            {user.instansi.nama}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

export function UserPanel({ user, mode }: { user: Principal; mode: LayoutConfig['extras']['userPanel'] }) {
  const [opened, { open, close }] = useDisclosure(false);

  if (mode === 'dropdown') {
    return (
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UserButton user={user} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.instansi.nama}</Menu.Label>
          <Menu.Item component={Link} to={PROFILE_PATH} leftSection={<IconUserCircle size={16} aria-hidden />}>
            {idLayout.profile}
          </Menu.Item>
          <Menu.Item component={Link} to={BUILDER_PATH} leftSection={<IconSettings size={16} aria-hidden />}>
            {idLayout.builder}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
            {idLayout.logout}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <>
      <UserButton user={user} onClick={open} aria-haspopup="dialog" aria-expanded={opened} />
      <Drawer opened={opened} onClose={close} position="right" size="sm" title={idLayout.userPanelTitle}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Avatar color="var(--mantine-primary-color-filled)" variant="filled" radius="xl" size="lg">
              {initials(user.fullname)}
            </Avatar>
            <div>
              <Text fw={600}>{user.fullname}</Text>
              <Text size="sm" c="dimmed">
                {user.instansi.nama}
              </Text>
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
            </div>
          </Group>
          <Divider />
          {(
            [
              [PROFILE_PATH, IconUserCircle, idLayout.profile],
              [BUILDER_PATH, IconSettings, idLayout.builder],
            ] as const
          ).map(([path, Icon, label]) => (
            <Button
              key={path}
              component={Link}
              to={path}
              variant="light"
              leftSection={<Icon size={16} aria-hidden />}
              onClick={close}
              justify="flex-start"
            >
              {label}
            </Button>
          ))}
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => {
              close();
              void logout();
            }}
            justify="flex-start"
          >
            {idLayout.logout}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
