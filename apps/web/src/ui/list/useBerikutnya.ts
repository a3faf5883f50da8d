// The "next" of a detail page (issue #32), the same for verifying, supervising, answering an
// objection, checking an affirmation and confirming a non-ASN record: while the user works on one
// item, the next one in the list's order (urutan.ts) is found and its detail loaded in the
// background – read, never claimed – so that after "Simpan & berikutnya" it is drawn at once, at
// the top of the page with its name focused (PelamarSummary reads `berikutnya` from the state).

import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { idList } from '../../i18n/list';
import { showError, showInfo } from '../toast';
import type { ListRow, ListSource } from './types';
import { type Berikutnya, cariBerikutnya, landingState, lanjutUrutan } from './urutan';

/** How long a next one found in the background is trusted. */
const SEGAR_MS = 30_000;

export interface BerikutnyaOptions<Row extends ListRow> {
  /** The list the detail belongs to (its description: call, spec, landing view). */
  source: ListSource;
  /** The item on screen. */
  sekarang: Row['id'];
  /** The detail page of an item. */
  detailPath: (id: Row['id']) => string;
  /** The list itself, where the user lands when the order has ended. */
  listPath: string;
  /** Loads an item's detail into the cache (the background's second half). */
  muat: (id: Row['id']) => Promise<unknown>;
  /** Rows the user cannot work on are passed over (an applicant another verifier holds). */
  bisaDibuka?: (row: Row) => boolean;
  /** Off while the item cannot be decided: nothing is read then. */
  enabled: boolean;
  /** Said when the list has nothing more ("Tidak ada lagi …"). */
  habis?: string;
}

export function useBerikutnya<Row extends ListRow>(options: BerikutnyaOptions<Row>) {
  const navigate = useNavigate();
  const { source, sekarang, bisaDibuka, muat } = options;
  // Its view when the detail was not opened from it: where the list lands.
  const defaultState = useMemo(() => landingState(source), [source]);
  const found = useQuery({
    queryKey: ['berikutnya', ...source.queryKey, sekarang],
    queryFn: async ({ signal }) => {
      const next = await cariBerikutnya<Row>({ source, defaultState, sekarang, bisaDibuka, signal });
      if (next) await muat(next.row.id).catch(() => undefined);
      return next;
    },
    enabled: options.enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });

  const { detailPath, listPath, habis } = options;
  // A next one found minutes ago may have been taken or decided since: it is looked up again.
  const cached = Date.now() - found.dataUpdatedAt < SEGAR_MS ? found.data : undefined;
  /** Opens the next item (found in the background, or now), or the list when there is none. */
  const lanjut = useCallback(async () => {
    let next: Berikutnya<Row> | null | undefined = cached;
    try {
      next ??= await cariBerikutnya<Row>({ source, defaultState, sekarang, bisaDibuka });
    } catch (error) {
      showError(error instanceof Error ? error.message : idList.failed);
      return;
    }
    if (!next) {
      showInfo(habis ?? idList.urutanHabis);
      void navigate(listPath);
      return;
    }
    lanjutUrutan(source, defaultState, sekarang, next);
    void navigate(detailPath(next.row.id), { replace: true, state: { berikutnya: true } });
  }, [cached, source, defaultState, sekarang, bisaDibuka, habis, listPath, detailPath, navigate]);

  return { berikutnya: cached?.row ?? null, lanjut };
}
