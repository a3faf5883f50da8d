// The score-objection calls (`/{track}/sanggah-nilai`) through the one client.

import type {
  JawabSanggahNilai,
  PersetujuanSanggahNilai,
  SanggahNilaiDetail,
  SanggahNilaiRow,
  SanggahNilaiSummary,
  StatusSanggahNilai,
  TableState,
  TrackId,
} from '@portal/contract';
import { request } from './http';

const base = (track: TrackId) => `/${track}/sanggah-nilai`;

export function postSanggahNilaiList(
  track: TrackId,
  state: TableState<Record<string, string | string[]>>,
  signal?: AbortSignal,
) {
  return request<{ data: SanggahNilaiRow[]; recordsTotal: number; summaries: SanggahNilaiSummary[] }>(
    `${base(track)}/filter`,
    { method: 'POST', body: state, signal },
  );
}

export function getSanggahNilai(track: TrackId, id: number, signal?: AbortSignal) {
  return request<SanggahNilaiDetail>(`${base(track)}/${id}`, { signal });
}

export function jawabSanggahNilai(track: TrackId, id: number, body: JawabSanggahNilai) {
  return request<{ version: number; status: StatusSanggahNilai }>(`${base(track)}/${id}`, { method: 'PUT', body });
}

export function setujuiSanggahNilai(track: TrackId, id: number, body: PersetujuanSanggahNilai) {
  return request<{ version: number; status: StatusSanggahNilai; nilaiLama: string | null; nilaiBaru: string | null }>(
    `${base(track)}/${id}/persetujuan`,
    { method: 'PUT', body },
  );
}
