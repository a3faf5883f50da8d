// The Non-ASN calls (issue #5) through the one client: the Data Non ASN list, its export, one
// record, the instansi's confirmation (one or many) and the confirmation dashboard.

import type {
  DashboardKonfirmasiResponse,
  EksporJob,
  InstansiOptions,
  KonfirmasiBanyakResult,
  KonfirmasiNonAsn,
  KonfirmasiNonAsnBanyak,
  NonAsnDetail,
  NonAsnExportRequest,
  NonAsnListResponse,
  TableState,
} from '@portal/contract';
import { request } from './http';

type State = TableState<Record<string, string | string[]>>;

export function postNonAsnList(state: State, signal?: AbortSignal) {
  return request<NonAsnListResponse>('/pppk/nonasn/filter', { method: 'POST', body: state, signal });
}

/** The current view as a file, or – a large one, made on the server's queue – its job (issue #33). */
export function postNonAsnExport(
  payload: NonAsnExportRequest,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
) {
  return request<Blob | EksporJob>('/pppk/nonasn/export', {
    method: 'POST',
    body: payload,
    as: 'blob',
    onProgress,
    signal,
  });
}

export function getNonAsnInstansi(signal?: AbortSignal) {
  return request<InstansiOptions>('/pppk/nonasn/instansi', { signal });
}

export function getNonAsnDetail(id: number, signal?: AbortSignal) {
  return request<NonAsnDetail>(`/pppk/nonasn/${id}`, { signal });
}

export function konfirmasiNonAsn(id: number, body: KonfirmasiNonAsn) {
  return request<{ id: number; version: number }>(`/pppk/nonasn/${id}`, { method: 'PUT', body });
}

export function konfirmasiNonAsnBanyak(body: KonfirmasiNonAsnBanyak) {
  return request<KonfirmasiBanyakResult>('/pppk/nonasn/updateStatus', { method: 'PUT', body });
}

export function postDashboardKonfirmasi(state: State, signal?: AbortSignal) {
  return request<DashboardKonfirmasiResponse>('/pppk/dashboard-konfirmasi/filter', {
    method: 'POST',
    body: state,
    signal,
  });
}
