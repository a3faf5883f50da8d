// The Afirmasi Admin calls (issue #5) through the one client.

import type {
  AfirmasiDetail,
  AfirmasiRow,
  AfirmasiTrack,
  PeriksaAfirmasi,
  StatusAfirmasi,
  TableState,
} from '@portal/contract';
import { request } from './http';

const base = (track: AfirmasiTrack) => `/${track}/afirmasi`;

export function postAfirmasiList(
  track: AfirmasiTrack,
  state: TableState<Record<string, string | string[]>>,
  signal?: AbortSignal,
) {
  return request<{
    data: AfirmasiRow[];
    recordsTotal: number;
    summaries: { status: StatusAfirmasi; jumlah: number }[];
  }>(`${base(track)}/filter`, { method: 'POST', body: state, signal });
}

export function getAfirmasi(track: AfirmasiTrack, id: number, signal?: AbortSignal) {
  return request<AfirmasiDetail>(`${base(track)}/${id}`, { signal });
}

/** The call path of a claim's evidence file. */
export const afirmasiBuktiPath = (track: AfirmasiTrack, id: number) => `${base(track)}/${id}/bukti`;

export function periksaAfirmasi(track: AfirmasiTrack, id: number, body: PeriksaAfirmasi) {
  return request<{ version: number; status: string; nilaiLama: string | null; nilaiBaru: string }>(
    `${base(track)}/${id}`,
    { method: 'PUT', body },
  );
}
