// Issue #33: an announcement made by a worker of the server, as the form that asked for it and the
// panel that follows it (after a reload, in another tab) both show it: waiting or being made, how
// far, and – while no worker has taken it – a way to cancel it (without a worker it would wait for
// good and hold the next one back). Its end is then read as any other: the job says it was cancelled.

import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import type { DokumenProgres, TrackId } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { batalPengumuman } from '../../api/dokumen-resmi';
import { errorMessage } from '../../auth/AuthCard';
import { idDokumenResmi as t } from '../../i18n/dokumen-resmi';
import { showError } from '../../ui/toast';

interface KemajuanPembuatanProps {
  judul: string;
  keterangan: string;
  /** The progress bar's name. */
  label: string;
  /** Per cent done; null while it is not known (the bar runs). */
  persen: number | null;
  /** The announcement's job, offered for cancelling while it waits; null for a document made in its request. */
  batal: { track: TrackId; job: DokumenProgres } | null;
}

export function KemajuanPembuatan({ judul, keterangan, label, persen, batal }: KemajuanPembuatanProps) {
  return (
    <Alert color="blue" variant="light" role="status" aria-live="polite" title={judul}>
      <Stack gap={6}>
        <Text size="sm">{keterangan}</Text>
        {batal?.job.status === 'MENUNGGU' && <BatalkanPembuatan track={batal.track} job={batal.job} />}
        {persen === null ? (
          <Progress value={100} striped animated size="sm" aria-label={label} />
        ) : (
          <>
            <Progress value={persen} size="sm" aria-label={label} />
            <Text size="sm">{t.persen(persen)}</Text>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** Per cent of a job's rows done; null before its size is known. */
export const persenJob = (job: DokumenProgres | null): number | null =>
  job && job.total > 0 ? Math.floor((100 * job.selesai) / job.total) : null;

function BatalkanPembuatan({ track, job }: { track: TrackId; job: DokumenProgres }) {
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
