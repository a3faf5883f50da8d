// The subheader (spec §2): page title from the route table and breadcrumbs
// Dashboard › track › screen › Detail.

import { Anchor, Box, Breadcrumbs, Text, Title, VisuallyHidden } from '@mantine/core';
import { DASHBOARD_PATH, findPage, stripDetail, TRACKS, trackPath } from '@portal/contract';
import { Link, useLocation } from 'react-router';
import { idLayout } from '../i18n/layout';

interface Crumb {
  label: string;
  to?: string;
}

export function crumbsFor(pathname: string): Crumb[] {
  const page = findPage(pathname);
  const crumbs: Crumb[] = [{ label: idLayout.dashboard, to: DASHBOARD_PATH }];
  if (!page || page.path === DASHBOARD_PATH) return [{ label: idLayout.dashboard }];
  const isDetail = stripDetail(pathname) !== pathname.replace(/\/$/, '');
  if (page.track) {
    const track = TRACKS[page.track];
    crumbs.push({ label: track.title, to: page.screen ? trackPath(track.id) : undefined });
    if (page.screen) crumbs.push({ label: page.title, to: isDetail ? page.path : undefined });
  } else {
    crumbs.push({ label: page.title });
  }
  if (isDetail) crumbs.push({ label: idLayout.detail });
  return crumbs;
}

/** The subheader's title and breadcrumbs; with the subheader switched off only the title
 * remains, for screen readers, so every page keeps its one h1. */
export function PageHeader({ visuallyHidden = false }: { visuallyHidden?: boolean }) {
  const { pathname } = useLocation();
  const page = findPage(pathname);
  const crumbs = crumbsFor(pathname);
  if (visuallyHidden) {
    return (
      <VisuallyHidden>
        <h1>{page?.title ?? idLayout.dashboard}</h1>
      </VisuallyHidden>
    );
  }
  return (
    <div>
      <Title order={1} size="h3" fw={600}>
        {page?.title ?? idLayout.dashboard}
      </Title>
      <Box component="nav" aria-label={idLayout.breadcrumb} mt={4}>
        <Breadcrumbs separator="›">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return crumb.to && !last ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed" aria-current={last ? 'page' : undefined}>
                {crumb.label}
              </Text>
            );
          })}
        </Breadcrumbs>
      </Box>
    </div>
  );
}
