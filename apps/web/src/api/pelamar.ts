// The applicant list calls (issue #3) through the one client: the spec's table state in, the
// list response out.

import type {
  EksporJob,
  PelamarDetail,
  PelamarExportRequest,
  PelamarList,
  PelamarListResponse,
  TableState,
  TrackId,
} from '@portal/contract';
import { pelamarListUrl } from '@portal/contract';
import { request } from './http';

export function postPelamarList(
  track: TrackId,
  list: PelamarList,
  state: TableState<Record<string, string | string[]>>,
  signal?: AbortSignal,
): Promise<PelamarListResponse> {
  return request<PelamarListResponse>(pelamarListUrl(track, list, '/filter'), { method: 'POST', body: state, signal });
}

export function getPelamarDetail(track: TrackId, list: PelamarList, pelamarId: number, signal?: AbortSignal) {
  return request<PelamarDetail>(pelamarListUrl(track, list, `/${pelamarId}`), { signal });
}

/** The call path of one of an applicant's documents, from an applicant list's screen. */
export function dokumenPath(track: TrackId, list: PelamarList, pelamarId: number, dokumenId: number) {
  return pelamarListUrl(track, list, `/${pelamarId}/dokumen/${dokumenId}`);
}

/** A document's file, fetched with the session (a plain link could not send the token). */
export function getBerkas(path: string) {
  return request<Blob>(path, { as: 'blob' });
}

/**
 * A recap's current view as a file; `onProgress` gets the bytes received so far. A large one is
 * made on the server's queue instead: then its job (issue #33, api/ekspor.ts follows it).
 */
export function postPelamarExport(
  track: TrackId,
  list: PelamarList,
  payload: PelamarExportRequest,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
) {
  return request<Blob | EksporJob>(pelamarListUrl(track, list, '/export'), {
    method: 'POST',
    body: payload,
    as: 'blob',
    onProgress,
    signal,
  });
}
