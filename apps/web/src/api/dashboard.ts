// The role-aware dashboard's figures (GET /api/dashboard) through the one client.

import type { DashboardResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from './http';
import { queryClient } from './queryClient';

export function getDashboard(signal?: AbortSignal) {
  return request<DashboardResponse>('/dashboard', { signal });
}

const dashboardQuery = {
  queryKey: ['dashboard'],
  queryFn: ({ signal }: { signal: AbortSignal }) => getDashboard(signal),
  staleTime: 15_000,
};

/** The figures, refreshed when the page is opened again and every minute while it is open. */
export function useDashboard() {
  return useQuery({ ...dashboardQuery, refetchInterval: 60_000 });
}

/** The route's loader starts the figures while the page's code loads (issue #22). */
export function prefetchDashboard(): void {
  void queryClient.prefetchQuery(dashboardQuery);
}
