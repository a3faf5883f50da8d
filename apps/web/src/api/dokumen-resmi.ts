// The official documents' calls (issue #20) through the one client: the admin's status, letterhead,
// making and downloading again, and the public check of a code (no sign-in).

import {
  type BeritaAcaraRequest,
  CEK_DOKUMEN_MIME,
  type DaftarTerbit,
  type DokumenProgres,
  type DokumenResmi,
  type DokumenResmiJenis,
  type DokumenResmiStatus,
  type FormatBerkasTerbit,
  type Keaslian,
  type KopInstansi,
  type PengumumanRequest,
  type TrackId,
} from '@portal/contract';
import { ApiError, request } from './http';

const base = (track: TrackId) => `/${track}/admin/dokumen-resmi`;

export function getDokumenResmi(track: TrackId, signal?: AbortSignal) {
  return request<DokumenResmiStatus>(base(track), { signal });
}

export function putKop(track: TrackId, kop: KopInstansi) {
  return request<unknown>(`${base(track)}/kop`, { method: 'PUT', body: kop });
}

/** Issue #33: asks for an announcement; the server makes it as a job (202), followed by its id. */
export function postPengumuman(track: TrackId, body: PengumumanRequest) {
  return request<DokumenProgres>(`${base(track)}/pengumuman`, { method: 'POST', body });
}

export function postBeritaAcara(track: TrackId, body: BeritaAcaraRequest) {
  return request<DokumenResmi>(`${base(track)}/berita-acara`, { method: 'POST', body });
}

/** Where the announcement's job `progresId` stands; null when the server knows no such job. */
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

/** An announcement's Excel copy, as kept at issue (the same applicants as its PDF). */
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

/** Which issued file an uploaded one is compared with: the announcement's Excel copy, or the PDF. */
export function formatBerkas(file: File): FormatBerkasTerbit {
  return file.type === CEK_DOKUMEN_MIME.XLSX || /\.xlsx$/i.test(file.name) ? 'XLSX' : 'PDF';
}

/** Public: whether a file is the issued document (or its Excel copy), unaltered (the server compares SHA-256). */
export function postCekBerkas(kode: string, file: File) {
  return request<{ cocok: boolean; sha256: string }>(`/cek-dokumen/${encodeURIComponent(kode)}`, {
    method: 'POST',
    // Sent as PDF or XLSX whatever the browser guessed: the server hashes the bytes, nothing else.
    body: new Blob([file], { type: CEK_DOKUMEN_MIME[formatBerkas(file)] }),
    auth: false,
    expireOnUnauthorized: false,
  });
}

/**
 * Public (issue #31): a page of an announcement's list as it was issued, searched by the start of a
 * nomor peserta or of a name's words. 404 for an unknown code or the minutes, 410 when the list was
 * not kept at issue (the server's message says so).
 */
export function getDaftarTerbit(kode: string, query: { q: string; halaman: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({ halaman: String(query.halaman) });
  if (query.q.trim()) params.set('q', query.q.trim());
  return request<DaftarTerbit>(`/cek-dokumen/${encodeURIComponent(kode)}/daftar?${params}`, {
    auth: false,
    expireOnUnauthorized: false,
    signal,
  });
}

/** Cancels an announcement no worker has taken yet (one being made is not cut short: 409). */
export function batalPengumuman(track: TrackId, progresId: string) {
  return request<DokumenProgres>(`${base(track)}/progres/${progresId}/batal`, { method: 'POST' });
}

const jeda = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * Follows an announcement's job to its end (every second), telling `onProgres` each step; the
 * document made, or an Error with the server's reason why it was not.
 */
export async function ikutiPengumuman(
  track: TrackId,
  job: DokumenProgres,
  onProgres: (job: DokumenProgres) => void,
  signal?: AbortSignal,
): Promise<DokumenResmi> {
  let now: DokumenProgres | null = job;
  while (now?.status !== 'SELESAI' && now?.status !== 'GAGAL') {
    await jeda(1000, signal);
    now = (await getDokumenProgres(track, job.id, signal)) ?? now;
    if (now) onProgres(now);
  }
  if (now.status === 'GAGAL' || !now.dokumen) throw new Error(now.pesan ?? 'Pengumuman tidak dapat dibuat.');
  return now.dokumen;
}
