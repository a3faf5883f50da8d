// After a change the screens showing the changed records fetch them again: one call marks the
// given queries stale (a list and its detail, say), resolved once the shown ones have come back.

import { type QueryKey, useQueryClient } from '@tanstack/react-query';

export function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: QueryKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
