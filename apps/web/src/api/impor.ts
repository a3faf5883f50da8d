// Issue #18, Data Seleksi: the import API (kinds, template, check, rejected rows, apply job,
// progress, cancel) and the stage-window edit, through the one client.

import type { ImporCek, ImporJenis, ImporJenisInfo, ImporJob, JadwalUbah } from '@portal/contract';
import { request } from './http';

export const getImporJenis = (signal?: AbortSignal) =>
  request<{ jenis: ImporJenisInfo[] }>('/admin/impor/jenis', { signal }).then((r) => r.jenis);

export const getTemplate = (jenis: ImporJenis) => request<Blob>(`/admin/impor/${jenis}/template`, { as: 'blob' });

export function cekImpor(jenis: ImporJenis, file: File): Promise<ImporCek> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<ImporCek>(`/admin/impor/${jenis}/cek`, { method: 'POST', body });
}

/** A check's report; while it is still running (status MEMERIKSA) the rows read so far. */
export const getCekImpor = (id: string, signal?: AbortSignal) =>
  request<ImporCek>(`/admin/impor/cek/${id}`, { signal });

export const getDitolak = (cekId: string, format: 'csv' | 'xlsx') =>
  request<Blob>(`/admin/impor/cek/${cekId}/ditolak?format=${format}`, { as: 'blob' });

export const terapkanImpor = (cekId: string) =>
  request<ImporJob>(`/admin/impor/cek/${cekId}/terapkan`, { method: 'POST' });

export const getImporJob = (id: string, signal?: AbortSignal) =>
  request<ImporJob>(`/admin/impor/jobs/${id}`, { signal });

export const getImporJobs = (jenis: ImporJenis, signal?: AbortSignal) =>
  request<{ data: ImporJob[] }>(`/admin/impor/jobs?jenis=${jenis}`, { signal }).then((r) => r.data);

export const batalkanImpor = (id: string) => request<ImporJob>(`/admin/impor/jobs/${id}/batal`, { method: 'POST' });

export const simpanJadwal = (body: JadwalUbah) => request<JadwalUbah>('/admin/jadwal', { method: 'PUT', body });
