// The applicant list calls (issue #3) through the one client: the spec's table state in, the
// list response out.

import type { PelamarList, PelamarListResponse, TableState, TrackId } from '@portal/contract';
import { request } from './http';

export function postPelamarList(
  track: TrackId,
  list: PelamarList,
  state: TableState<Record<string, string | string[]>>,
  signal?: AbortSignal,
): Promise<PelamarListResponse> {
  return request<PelamarListResponse>(`/${track}/${list}/filter`, { method: 'POST', body: state, signal });
}
