// A track root (/cpns, /pppk, /pppk-guru, /nakes): cards to the user's pages of that track.
// One component for the four tracks, parameterised by the track of the path.

import { Text } from '@mantine/core';
import { useAuth } from '../../auth/authStore';
import { idTrack } from '../../i18n/track';
import { MenuCards } from '../../ui/MenuCards';
import { useCurrentPage } from '../../ui/useCurrentPage';

export function TrackRootPage() {
  const { user } = useAuth();
  const page = useCurrentPage();
  if (!user || !page?.track) return null;
  const prefix = `/${page.track}/`;
  const menus = user.menus.filter((entry) => entry.page.startsWith(prefix));
  return menus.length > 0 ? <MenuCards menus={menus} /> : <Text c="dimmed">{idTrack.noMenus}</Text>;
}
