// The official documents' calls (issue #20) through the one client: the admin's status, letterhead,
// making and downloading again, and the public check of a code (no sign-in).

import type {
  BeritaAcaraRequest,
  DokumenProgres,
  DokumenResmi,
  DokumenResmiJenis,
  DokumenResmiStatus,
  Keaslian,
  KopInstansi,
  PengumumanRequest,
  TrackId,
} from '@portal/contract';
import { ApiError, request } from './http';

const base = (track: TrackId) => `/${track}/admin/dokumen-resmi`;

export function getDokumenResmi(track: TrackId, signal?: AbortSignal) {
  return request<DokumenResmiStatus>(base(track), { signal });
}

export function putKop(track: TrackId, kop: KopInstansi) {
  return request<unknown>(`${base(track)}/kop`, { method: 'PUT', body: kop });
}

export function postPengumuman(track: TrackId, body: PengumumanRequest) {
  return request<DokumenResmi>(`${base(track)}/pengumuman`, { method: 'POST', body });
}

export function postBeritaAcara(track: TrackId, body: BeritaAcaraRequest) {
  return request<DokumenResmi>(`${base(track)}/berita-acara`, { method: 'POST', body });
}

/** How far the announcement made under `progresId` has got; null before the server has begun. */
export function getDokumenProgres(track: TrackId, progresId: string, signal?: AbortSignal) {
  return request<DokumenProgres>(`${base(track)}/progres/${progresId}`, { signal }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

/** The stored PDF of a document made earlier (the same bytes every time). */
export function getDokumenPdf(track: TrackId, kode: string) {
  return request<Blob>(`${base(track)}/${kode}`, { as: 'blob' });
}

/** An announcement's table as Excel (the same applicants as its PDF). */
export function getPengumumanXlsx(track: TrackId, kode: string) {
  return request<Blob>(`${base(track)}/${kode}/xlsx`, { as: 'blob' });
}

/** The file name the server gives the document or its table (Content-Disposition), for a saved copy. */
export function dokumenFileName(track: TrackId, jenis: DokumenResmiJenis, kode: string, ext: 'pdf' | 'xlsx' = 'pdf') {
  return `${jenis === 'PENGUMUMAN' ? 'pengumuman' : 'berita-acara'}-${track}-${kode}.${ext}`;
}

/** Public: what a code was issued for. */
export function getKeaslian(kode: string, signal?: AbortSignal) {
  return request<Keaslian>(`/cek-dokumen/${encodeURIComponent(kode)}`, {
    auth: false,
    expireOnUnauthorized: false,
    signal,
  });
}

/** Public: whether a file is the issued document, unaltered (the server compares SHA-256). */
export function postCekBerkas(kode: string, file: Blob) {
  return request<{ cocok: boolean; sha256: string }>(`/cek-dokumen/${encodeURIComponent(kode)}`, {
    method: 'POST',
    // Sent as PDF whatever the browser guessed: the server hashes the bytes, nothing else.
    body: new Blob([file], { type: 'application/pdf' }),
    auth: false,
    expireOnUnauthorized: false,
  });
}
