// One cache key per document call path, so a prefetch fills exactly what the viewer reads.

import type { PelamarDetail } from '@portal/contract';
import { getBerkas } from '../../api/pelamar';

/** A document's file by its call path (dokumenPath, or a screen's own). */
export const dokumenQuery = (path: string) => ({
  queryKey: ['pelamar-dokumen', path] as const,
  queryFn: () => getBerkas(path),
  staleTime: 60 * 60 * 1000,
});

/**
 * Issue #32: the call of what is shown of a document from its call `path`: the rendition at the
 * size a screen needs (`…/tampilan`) when the server kept one, unless the original is asked for.
 * The viewer and the next applicant's prefetch both take it from here, so they ask for one file.
 */
export const pathTampil = (path: string, dokumen: Pick<PelamarDetail['dokumen'][number], 'tampilan'>, asli = false) =>
  dokumen.tampilan && !asli ? `${path}/tampilan` : path;
