// What every screen about an applicant reads the same way: the detail query (one cache key per
// list and applicant), its prefetch, and the names of people, TMS reasons and documents.

import { ALASAN_TMS, type PelamarDetail, type PelamarList, type TrackId } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { dokumenPath, getPelamarDetail } from '../../api/pelamar';
import { idPelamar } from '../../i18n/pelamar';
import { dokumenQuery, pathTampil } from '../dokumen/dokumenQuery';

/** Issue #35: while a document waits or is being read, its findings are asked again now and then (not forever). */
const BACA_ULANG_MS = 20_000;
const BACA_ULANG_KALI = 30;
const sedangDibaca = (detail: PelamarDetail | undefined) =>
  detail?.dokumen.some((dokumen) => dokumen.bacaan?.status === 'ANTRE' || dokumen.bacaan?.status === 'DIBACA') ?? false;

export const detailQuery = (track: TrackId, list: PelamarList, pelamarId: number) => ({
  queryKey: ['pelamar-detail', track, list, pelamarId] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getPelamarDetail(track, list, pelamarId, signal),
  refetchInterval: (query: { state: { data: PelamarDetail | undefined; dataUpdateCount: number } }) =>
    sedangDibaca(query.state.data) && query.state.dataUpdateCount < BACA_ULANG_KALI ? BACA_ULANG_MS : false,
});

/**
 * Loads an applicant's detail and first document into the cache before they are shown – the
 * document as it is shown first (issue #32: its rendition for the screen when there is one). A
 * read only: it never claims the applicant (claims are made by the verifier's own act).
 */
export async function prefetchPelamar(client: QueryClient, track: TrackId, list: PelamarList, pelamarId: number) {
  const detail = await client.fetchQuery({ ...detailQuery(track, list, pelamarId), staleTime: 30_000 });
  const first = detail.dokumen[0];
  if (first) await client.prefetchQuery(dokumenQuery(pathTampil(dokumenPath(track, list, pelamarId, first.id), first)));
}

export const alasanLabel = (kode: string) => ALASAN_TMS.find((alasan) => alasan.kode === kode)?.label ?? kode;
export const dokumenLabel = (jenis: string) => idPelamar.detail.dokumenNames[jenis] ?? jenis;
