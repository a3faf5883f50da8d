// A list screen of the current page's track whose description also depends on whether the user
// is a national role (they get the instansi column and filter): TrackListScreen, told who asks.

import type { TrackId } from '@portal/contract';
import { useCallback } from 'react';
import { useNational } from '../auth/useNational';
import { TrackListScreen } from './list/TrackListScreen';
import type { ListDescription, ListRow } from './list/types';

export function NationalListScreen<Row extends ListRow, Summary = unknown>({
  describe,
}: {
  /** A module-level function (its identity is what the description is kept for). */
  describe: (track: TrackId, title: string, national: boolean) => ListDescription<Row, Summary> | null;
}) {
  const national = useNational();
  const forUser = useCallback(
    (track: TrackId, title: string) => describe(track, title, national),
    [describe, national],
  );
  return <TrackListScreen describe={forUser} />;
}
