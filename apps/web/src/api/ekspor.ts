// Issue #33: a large list export is made by the server's job queue. Its request answers 202 with the
// job; these calls follow it, cancel it, fetch its file, and find it again after a reload.

import type { EksporJob, EksporTerakhir } from '@portal/contract';
import { ApiError, request } from './http';

/** How often a job is asked how far it has got. */
const POLL_MS = 1000;
/** Failed polls in a row (network, a restarting server) tolerated before giving up. */
const POLL_TRIES = 3;

export function getEkspor(id: string, signal?: AbortSignal) {
  return request<EksporJob>(`/ekspor/${id}`, { signal });
}

/** The caller's export of a screen (its path) still being made or not yet downloaded, if any. */
export function getEksporHalaman(halaman: string, signal?: AbortSignal) {
  return request<EksporTerakhir>(`/ekspor?${new URLSearchParams({ halaman })}`, { signal });
}

/** Cancels a job waiting or being made; the worker stops at its next batch (409 once it has ended). */
export function batalEkspor(id: string) {
  return request<EksporJob>(`/ekspor/${id}/batal`, { method: 'POST' });
}

/** A finished job's file (409 while it is not ready, 404 once it expired). */
export function getEksporBerkas(id: string, onProgress: (bytes: number) => void, signal: AbortSignal) {
  return request<Blob>(`/ekspor/${id}/berkas`, { as: 'blob', onProgress, signal });
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    // Unhooked on time: a job followed for minutes must not pile listeners on its signal.
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });

/** A failure that may pass by itself: no connection, or the server (or its gateway) failing. */
const transient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Follows a job to its end (SELESAI or GAGAL), telling `onJob` each step. A few failed polls in a
 * row are waited out (a dropped connection must not lose a minutes-long export); then the error.
 */
export async function ikutiEkspor(
  job: EksporJob,
  onJob: (job: EksporJob) => void,
  signal: AbortSignal,
): Promise<EksporJob> {
  let now = job;
  let failures = 0;
  while (now.status === 'MENUNGGU' || now.status === 'BERJALAN') {
    signal.throwIfAborted();
    await wait(POLL_MS, signal);
    try {
      now = await getEkspor(job.id, signal);
      failures = 0;
      onJob(now);
    } catch (error) {
      if (signal.aborted || !transient(error) || ++failures >= POLL_TRIES) throw error;
    }
  }
  return now;
}
