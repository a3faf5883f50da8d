// The main area (spec §2): header with the user panel, the aside menu, the subheader (title and
// breadcrumbs), the page, the footer. It follows the layout configuration (spec §3/§4) live, so
// the builder's unsaved draft is its preview. At ≥ lg (992 px) the aside sits beside the page;
// below it – or when the aside is switched off – the menu opens as an offcanvas drawer.

import './layout.css';
import { Burger, Drawer, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { DASHBOARD_PATH, LAYOUT } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { queryClient } from '../api/queryClient';
import { useAuth } from '../auth/authStore';
import { idApp } from '../i18n/app';
import { idLayout } from '../i18n/layout';
import { AsideMenu } from './AsideMenu';
import { FooterNote } from './FooterNote';
import { useLayoutConfig } from './layoutConfig';
import { PageHeader } from './PageHeader';
import { UserPanel } from './UserPanel';

const MAIN_ID = 'konten-utama';
/** Below lg the aside is a drawer (spec §3 breakpoints). */
const MOBILE_QUERY = `(max-width: ${LAYOUT.breakpoints.lg - 0.02}px)`;

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

/** Data attributes layout.css reads; absent attributes mean "off". */
function layoutAttributes(config: ReturnType<typeof useLayoutConfig>) {
  const on = (value: boolean) => (value ? '' : undefined);
  return {
    'data-header-fixed-desktop': on(config.header.fixedDesktop),
    'data-header-fixed-mobile': on(config.header.fixedMobile),
    'data-subheader-fixed': on(config.subheader.display && config.subheader.fixed),
    'data-aside': on(config.aside.display),
    'data-aside-fixed': on(config.aside.fixed),
    'data-aside-minimized': on(config.aside.minimize),
    'data-footer-fixed': on(config.footer.fixed),
    'data-content': config.content.width,
  };
}

export function MainLayout() {
  const { user } = useAuth();
  const config = useLayoutConfig();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const asideInDrawer = isMobile || !config.aside.display;

  // A page change closes the drawer; so does growing past lg while the aside is shown.
  useEffect(() => {
    if (pathname) drawer.close();
  }, [pathname, drawer.close]);
  useEffect(() => {
    if (!asideInDrawer) drawer.close();
  }, [asideInDrawer, drawer.close]);

  // The guard keeps signed-out users out; this covers a logout while the layout is mounted.
  if (!user) return null;

  const menu = (minimized: boolean) => (
    <nav aria-label={idLayout.mainMenu}>
      <AsideMenu menus={user.menus} minimized={minimized} onNavigate={drawer.close} />
    </nav>
  );

  return (
    <QueryClientProvider client={queryClient}>
      <a href={`#${MAIN_ID}`} className="skip-link">
        {idLayout.skipToContent}
      </a>
      <div className="portal-layout" {...layoutAttributes(config)}>
        <header className="portal-header">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {asideInDrawer && (
                <Burger
                  opened={drawerOpened}
                  onClick={drawer.toggle}
                  size="sm"
                  aria-label={idLayout.openMenu}
                  aria-haspopup="dialog"
                />
              )}
              {/* Named also on a phone, where only the logo shows (issue #19: link-name). */}
              <UnstyledButton
                component={Link}
                to={DASHBOARD_PATH}
                c="var(--mantine-primary-color-filled)"
                aria-label={idApp.name}
              >
                <Group gap="xs" wrap="nowrap">
                  <Logo />
                  <Text fw={600} size="lg" c="var(--mantine-primary-color-8)" visibleFrom="xs">
                    {idApp.name}
                  </Text>
                </Group>
              </UnstyledButton>
            </Group>
            <UserPanel user={user} mode={config.extras.userPanel} />
          </Group>
        </header>

        <div className="portal-body">
          {!asideInDrawer && (
            <aside className="portal-aside">
              <div className="portal-aside-scroll">{menu(config.aside.minimize)}</div>
            </aside>
          )}

          <div className="portal-main-column">
            <main id={MAIN_ID} className="portal-main" tabIndex={-1}>
              {config.subheader.display ? (
                <div className="portal-subheader">
                  <div className="portal-subheader-inner">
                    <PageHeader />
                  </div>
                </div>
              ) : (
                <PageHeader visuallyHidden />
              )}
              <div className="portal-content">
                <Outlet />
              </div>
            </main>
            <footer className="portal-footer">
              <FooterNote />
            </footer>
          </div>
        </div>
      </div>

      {asideInDrawer && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          size={300}
          padding="sm"
          title={idApp.name}
          scrollAreaComponent={ScrollArea.Autosize}
        >
          {menu(false)}
        </Drawer>
      )}
    </QueryClientProvider>
  );
}
