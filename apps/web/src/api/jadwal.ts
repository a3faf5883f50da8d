// The stage windows of every track (GET /api/jadwal), read once and kept for the session.

import type { Jadwal, Tahap, TrackId } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from './http';

export function getJadwal(signal?: AbortSignal) {
  return request<Jadwal>('/jadwal', { signal });
}

/** One stage's window of a track (undefined while loading or when none is set). */
export function useJadwal(track: TrackId, tahap: Tahap) {
  const query = useQuery({ queryKey: ['jadwal'], queryFn: ({ signal }) => getJadwal(signal), staleTime: 5 * 60_000 });
  return query.data?.find((row) => row.track === track && row.tahap === tahap);
}
