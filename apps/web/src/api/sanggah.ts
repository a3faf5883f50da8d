// The objection calls (issue #5) through the one client.

import {
  type CekSanggahBody,
  type JawabSanggah,
  SANGGAH_LISTS,
  type SanggahDetail,
  type SanggahList,
  type SanggahRow,
  type SanggahSummary,
  type TableState,
  type TrackId,
  type UpdateStatusResult,
} from '@portal/contract';
import { request } from './http';

const base = (track: TrackId, list: SanggahList) => `/${track}/${SANGGAH_LISTS[list].segment}`;

export function postSanggahList(
  track: TrackId,
  list: SanggahList,
  state: TableState<Record<string, string | string[]>>,
  signal?: AbortSignal,
) {
  return request<{ data: SanggahRow[]; recordsTotal: number; summaries: SanggahSummary[] }>(
    `${base(track, list)}/filter`,
    { method: 'POST', body: state, signal },
  );
}

export function getSanggah(track: TrackId, list: SanggahList, sanggahId: number, signal?: AbortSignal) {
  return request<SanggahDetail>(`${base(track, list)}/${sanggahId}`, { signal });
}

/** The call path of a document of the objecting applicant, from the objection's screen. */
export function sanggahDokumenPath(track: TrackId, list: SanggahList, sanggahId: number, dokumenId: number) {
  return `${base(track, list)}/${sanggahId}/dokumen/${dokumenId}`;
}

/** The call path of an objected affirmation claim's evidence (sanggah afirmasi). */
export function sanggahBuktiPath(track: TrackId, sanggahId: number, afirmasiId: number) {
  return `${base(track, 'afirmasi')}/${sanggahId}/bukti/${afirmasiId}`;
}

export function jawabSanggah(track: TrackId, list: 'jawab' | 'afirmasi', sanggahId: number, body: JawabSanggah) {
  return request<{ version: number; status: string; mengubahStatus: boolean }>(`${base(track, list)}/${sanggahId}`, {
    method: 'PUT',
    body,
  });
}

export function cekSanggah(track: TrackId, sanggahId: number, body: CekSanggahBody) {
  return request<{ version: number }>(`${base(track, 'jawab')}/${sanggahId}/cek`, { method: 'PUT', body });
}

export function resetSanggah(track: TrackId, ids: number[], alasan: string) {
  return request<UpdateStatusResult>(`${base(track, 'reset')}/updateStatus`, {
    method: 'PUT',
    body: { ids, status: 'DIAJUKAN', alasan },
  });
}
