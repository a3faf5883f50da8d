// /{track}/rekap-pelamar (issue #3): every applicant of the instansi, the shared applicant list
// description (ui/pelamar) with the final lock's state above it.

import type { TrackId } from '@portal/contract';
import { type ReactNode, useMemo } from 'react';
import { ListScreen } from '../../ui/list/ListScreen';
import { pelamarListDescription } from '../../ui/pelamar/pelamarList';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { FinalVerifikasiPanel } from '../../ui/verifikasi/FinalVerifikasiPanel';

/** The instansi's applicants (the route loader starts its call before the screen renders). */
export const rekapPelamar = (track: TrackId, title: string) => pelamarListDescription({ list: 'admin', track, title });

function RekapPelamar({ track, title, panels }: { track: TrackId; title: string; panels?: ReactNode }) {
  const description = useMemo(
    () => ({
      ...rekapPelamar(track, title),
      header: (
        <>
          <FinalVerifikasiPanel track={track} />
          {panels}
        </>
      ),
    }),
    [track, title, panels],
  );
  return <ListScreen description={description} />;
}

/** `panels` are what other features add under the final lock (the official documents, issue
 * #20): the route table composes them, so this feature does not import those. */
export function RekapPelamarPage({ panels }: { panels?: (track: TrackId) => ReactNode }) {
  const page = useCurrentPage();
  return page?.track ? <RekapPelamar track={page.track} title={page.title} panels={panels?.(page.track)} /> : null;
}
