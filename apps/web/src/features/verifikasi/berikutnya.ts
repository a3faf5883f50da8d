// Which applicant "Simpan & berikutnya" will most likely open, found by reading the verifier's
// queue – never by claiming it: a prefetch must not hold an applicant from other verifiers
// (issue #19). The claim itself is made when the verifier asks for the next one.

import { defaultTableState, type TrackId } from '@portal/contract';
import { postPelamarList } from '../../api/pelamar';

/** The queue's order of ambilBerikutnya: one this verifier holds first, else the first registered. */
export async function lihatBerikutnya(track: TrackId, kecuali: number, signal?: AbortSignal): Promise<number | null> {
  const page = await postPelamarList(
    track,
    'verifikator',
    {
      ...defaultTableState({ statusVerifikasi: 'BELUM' }),
      paginator: { page: 1, pageSize: 5, total: 0, pageSizes: [] },
      sorting: { column: 'tglDaftar', direction: 'asc' },
    },
    signal,
  );
  const others = page.data.filter((row) => row.id !== kecuali);
  return (others.find((row) => row.klaimSaya) ?? others[0])?.id ?? null;
}
