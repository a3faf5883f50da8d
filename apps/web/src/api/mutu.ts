// Issue #34: the sample rate of the blind second verification (Jadwal Tahapan, national operator),
// and each track's quality of verification (Mutu Verifikasi) with its download.

import type { ExportFormat, MutuQuery, MutuVerifikasi, SampelUbah, SampelVerifikasi, TrackId } from '@portal/contract';
import { request } from './http';

export const getSampel = (signal?: AbortSignal) => request<SampelVerifikasi>('/admin/sampel-verifikasi', { signal });

export const simpanSampel = (body: SampelUbah) =>
  request<SampelVerifikasi[number]>('/admin/sampel-verifikasi', { method: 'PUT', body });

const mutuQuery = (query: MutuQuery, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const getMutu = (track: TrackId, query: MutuQuery, signal?: AbortSignal) =>
  request<MutuVerifikasi>(`/${track}/mutu-verifikasi${mutuQuery(query)}`, { signal });

export const unduhMutu = (
  track: TrackId,
  query: MutuQuery,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
) =>
  request<Blob>(`/${track}/mutu-verifikasi/export${mutuQuery(query, { format })}`, { as: 'blob', onProgress, signal });
