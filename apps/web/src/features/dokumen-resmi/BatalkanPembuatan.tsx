// Issue #33: an announcement no worker has taken yet can be cancelled (without a worker it would
// wait for good and hold the next one back); the form and the panel that follow it both offer it.
// Its end is then read as any other: the job says it was cancelled.

import { Button } from '@mantine/core';
import type { DokumenProgres, TrackId } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { batalPengumuman } from '../../api/dokumen-resmi';
import { errorMessage } from '../../auth/AuthCard';
import { idDokumenResmi as t } from '../../i18n/dokumen-resmi';
import { showError } from '../../ui/toast';

export function BatalkanPembuatan({ track, job }: { track: TrackId; job: DokumenProgres }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const batal = async () => {
    setBusy(true);
    try {
      await batalPengumuman(track, job.id);
      await queryClient.invalidateQueries({ queryKey: ['dokumen-resmi', track] });
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="default"
      color="red"
      style={{ alignSelf: 'flex-start' }}
      loading={busy}
      aria-label={t.batalkanLabel}
      onClick={() => void batal()}
    >
      {t.batalkan}
    </Button>
  );
}
