// Issue #31: where the QR code of an official document points ({PUBLIC_URL}/cek-dokumen/{kode}).
// An address only this computer can open (PUBLIC_URL unset defaults to http://localhost:PORT)
// makes every printed code useless to whoever holds the paper: outside the demo issuing is
// refused until it is set (routes.ts), in the demo the start-up log and the panel warn.

import { AppError } from '../../errors.js';

const LOKAL = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);

/** Whether the address can be reached only from the computer the portal runs on. */
export function alamatLokal(publicUrl: string): boolean {
  let host: string;
  try {
    host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return true;
  }
  return LOKAL.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export const ATUR_PUBLIC_URL =
  'Atur PUBLIC_URL ke alamat portal yang dapat dijangkau publik sebelum menerbitkan dokumen resmi; kode QR pada dokumen menunjuk ke alamat itu.';

/** The warning of the demo (start-up log, the documents' panel); null when the address is public. */
export function peringatanAlamat(publicUrl: string): string | null {
  return alamatLokal(publicUrl)
    ? `Kode QR pada dokumen resmi menunjuk ke ${publicUrl}, yang hanya dapat dibuka di komputer server ini. ${ATUR_PUBLIC_URL}`
    : null;
}

/** Outside the demo: no document is issued with a QR code nobody else can open. */
export function pastikanAlamatPublik(publicUrl: string, demo: boolean): void {
  if (!demo && alamatLokal(publicUrl)) {
    throw new AppError(409, 'PUBLIC_URL_BELUM_DIATUR', ATUR_PUBLIC_URL, { publicUrl });
  }
}
