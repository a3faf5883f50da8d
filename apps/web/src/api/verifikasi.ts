// The verification and supervision calls (issue #4) through the one client.

import type {
  FinalVerifikasi,
  Harian,
  KeputusanSupervisi,
  KeputusanVerifikasi,
  TrackId,
  UpdateStatusResult,
} from '@portal/contract';
import { request } from './http';

export function ambilPelamar(track: TrackId, pelamarId: number) {
  return request<{ id: number }>(`/${track}/verifikator/${pelamarId}/ambil`, { method: 'POST', body: {} });
}

/** Gives an applicant this verifier holds (undecided) back to the queue. */
export function lepasPelamar(track: TrackId, pelamarId: number) {
  return request<{ id: number }>(`/${track}/verifikator/${pelamarId}/lepas`, { method: 'POST', body: {} });
}

export function simpanVerifikasi(track: TrackId, pelamarId: number, body: KeputusanVerifikasi) {
  return request<{ version: number }>(`/${track}/verifikator/${pelamarId}`, { method: 'PUT', body });
}

export function simpanSupervisi(track: TrackId, pelamarId: number, body: KeputusanSupervisi) {
  return request<{ version: number }>(`/${track}/supervisor/${pelamarId}`, { method: 'PUT', body });
}

export function setujuiBanyak(track: TrackId, ids: number[]) {
  return request<UpdateStatusResult>(`/${track}/supervisor/updateStatus`, {
    method: 'PUT',
    body: { ids, status: 'DISETUJUI' },
  });
}

export function getFinalVerifikasi(track: TrackId, signal?: AbortSignal) {
  return request<FinalVerifikasi>(`/${track}/admin/final-verifikasi`, { signal });
}

export function kunciFinalVerifikasi(track: TrackId) {
  return request<FinalVerifikasi>(`/${track}/admin/final-verifikasi`, { method: 'PUT', body: { konfirmasi: true } });
}

export function getHarian(track: TrackId, range: { dari?: string; sampai?: string }, signal?: AbortSignal) {
  const query = new URLSearchParams({ mode: 'my-verifier' });
  if (range.dari) query.set('dari', range.dari);
  if (range.sampai) query.set('sampai', range.sampai);
  return request<Harian>(`/${track}/verifikator/harian?${query}`, { signal });
}
