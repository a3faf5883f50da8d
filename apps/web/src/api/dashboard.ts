// The role-aware dashboard's figures (GET /api/dashboard) through the one client.

import type { DashboardResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from './http';

export function getDashboard(signal?: AbortSignal) {
  return request<DashboardResponse>('/dashboard', { signal });
}

/** The figures, refreshed when the page is opened again and every minute while it is open. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}
