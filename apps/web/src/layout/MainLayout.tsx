// The main area (spec §2): header with the user panel, the aside menu, the subheader (title and
// breadcrumbs), the page, the footer. It honours the saved layout configuration (spec §3/§4).

import { AppShell, Box, Burger, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { DASHBOARD_PATH, LAYOUT } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { queryClient } from '../api/queryClient';
import { useAuth } from '../auth/authStore';
import { id } from '../i18n/id';
import { AsideMenu } from './AsideMenu';
import { loadLayoutConfig } from './layoutConfig';
import { PageHeader } from './PageHeader';
import { UserPanel } from './UserPanel';

const HEADER_HEIGHT = 64;
const ASIDE_WIDTH = 280;
const ASIDE_WIDTH_MINIMIZED = 220;
const FOOTER_HEIGHT = 44;
const MAIN_ID = 'konten-utama';

function Logo() {
  return (
    <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="currentColor" />
      <path
        d="M18 33l9 9 19-20"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function MainLayout() {
  const { user } = useAuth();
  const config = useMemo(() => loadLayoutConfig(), []);
  const [mobileOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(`(max-width: ${(LAYOUT.breakpoints.md - 0.02) / 16}em)`);
  const headerFixed = isMobile ? config.header.fixedMobile : config.header.fixedDesktop;
  const asideWidth = config.aside.minimize ? ASIDE_WIDTH_MINIMIZED : ASIDE_WIDTH;

  // A page change closes the mobile menu.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  // The guard keeps signed-out users out; this covers a logout while the layout is mounted.
  if (!user) return null;

  const footer = (
    <Text size="xs" c="dimmed">
      {id.app.footer}
    </Text>
  );

  return (
    <QueryClientProvider client={queryClient}>
      <a href={`#${MAIN_ID}`} className="skip-link">
        {id.layout.skipToContent}
      </a>
      <AppShell
        mode={headerFixed ? 'fixed' : 'static'}
        header={{ height: HEADER_HEIGHT }}
        navbar={{
          width: asideWidth,
          breakpoint: 'md',
          collapsed: { mobile: !mobileOpened, desktop: !config.aside.display },
        }}
        footer={config.footer.fixed ? { height: FOOTER_HEIGHT } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={mobileOpened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={id.layout.openMenu}
              />
              <UnstyledButton component={Link} to={DASHBOARD_PATH} c="bkn.6">
                <Group gap="xs" wrap="nowrap">
                  <Logo />
                  <Text fw={600} size="lg" c="bkn.8" visibleFrom="xs">
                    {id.app.name}
                  </Text>
                </Group>
              </UnstyledButton>
            </Group>
            <UserPanel user={user} mode={config.extras.userPanel} />
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm" aria-label={id.layout.mainMenu}>
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            <AsideMenu menus={user.menus} onNavigate={close} />
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_ID}>
          <Container fluid={config.content.width === 'fluid'} size="xl" px={0}>
            {config.subheader.display && (
              <Box
                mb="lg"
                pb="sm"
                style={
                  config.subheader.fixed
                    ? {
                        position: 'sticky',
                        top: HEADER_HEIGHT,
                        zIndex: 2,
                        background: 'var(--mantine-color-body)',
                      }
                    : undefined
                }
              >
                <PageHeader />
              </Box>
            )}
            <Outlet />
          </Container>
        </AppShell.Main>

        {!config.footer.fixed && (
          <Box
            component="footer"
            py="md"
            pr="md"
            pl={{ base: 'md', md: config.aside.display ? asideWidth + 16 : 'md' }}
          >
            {footer}
          </Box>
        )}

        {config.footer.fixed && (
          <AppShell.Footer px="md" style={{ display: 'flex', alignItems: 'center' }}>
            {footer}
          </AppShell.Footer>
        )}
      </AppShell>
    </QueryClientProvider>
  );
}
