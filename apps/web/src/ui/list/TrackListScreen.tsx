// A list screen of the current page's track: the description is made once per track and title
// (the route table gives both), so a page that lists one thing for every track is one line.

import type { TrackId } from '@portal/contract';
import { useMemo } from 'react';
import { useCurrentPage } from '../useCurrentPage';
import { ListScreen } from './ListScreen';
import type { ListDescription, ListRow } from './types';

export function TrackListScreen<Row extends ListRow, Summary = unknown>({
  describe,
}: {
  /** A module-level function (its identity is what the description is kept for). */
  describe: (track: TrackId, title: string) => ListDescription<Row, Summary> | null;
}) {
  const page = useCurrentPage();
  const track = page?.track;
  const title = page?.title ?? '';
  const description = useMemo(() => (track ? describe(track, title) : null), [describe, track, title]);
  return description ? <ListScreen description={description} /> : null;
}
