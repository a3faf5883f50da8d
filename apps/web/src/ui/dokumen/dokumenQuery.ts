// One cache key per document call path, so a prefetch fills exactly what the viewer reads.

import { getBerkas } from '../../api/pelamar';

/** A document's file by its call path (dokumenPath, or a screen's own). */
export const dokumenQuery = (path: string) => ({
  queryKey: ['pelamar-dokumen', path] as const,
  queryFn: () => getBerkas(path),
  staleTime: 60 * 60 * 1000,
});
