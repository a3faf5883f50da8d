// "Unduh Excel" / "Unduh CSV" for a recap list: downloads the current view with a progress line
// and a cancel button, then saves it. Two ways, chosen by the server (issue #33):
// - a view of modest size comes back as the file itself, built while it streams: the line counts
//   the bytes received;
// - a larger one is made by a worker of the server's queue (a million rows take minutes, longer
//   than a proxy holds a request): the request answers 202 with the job. The line then follows
//   it every second – waiting for its turn, then rows written of the total – and once it is made
//   its file is fetched (bytes again) and saved under the job's name. "Batalkan" cancels the job
//   on the server, not only here. The job outlives the screen: opening the list again (after a
//   reload, or coming back) asks the server for the user's export of this screen, follows one
//   still being made, and offers one made but not yet downloaded (saving needs a click: the
//   browser wants a user gesture for a download it did not ask for).

import { Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { type EksporJob, type ExportFormat, formatAngka } from '@portal/contract';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { batalEkspor, getEksporBerkas, getEksporHalaman, ikutiEkspor } from '../api/ekspor';
import { idList } from '../i18n/list';
import { showError, showSuccess } from '../ui/toast';

interface ExportButtonsProps {
  download: (
    format: ExportFormat,
    onProgress: (bytes: number) => void,
    signal: AbortSignal,
  ) => Promise<Blob | EksporJob>;
  fileName: (format: ExportFormat) => string;
  /**
   * The list screen's path: the server keeps the user's export job under it. Without it nothing is
   * looked up on opening (an export the server always answers as a file, e.g. the quality report).
   */
  halaman?: string;
  disabled?: boolean;
}

/** Bytes of a file received so far, or the server's job while it makes the file. */
type Kemajuan = { bytes: number } | { job: EksporJob };

const megabytes = (bytes: number) => formatAngka(bytes / 1_048_576, 1);

/** Saves a file the browser received (a download link clicked for the user). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButtons({ download, fileName, halaman, disabled }: ExportButtonsProps) {
  const [kemajuan, setKemajuan] = useState<Kemajuan | null>(null);
  /** A job made but not yet downloaded, found when the screen opened. */
  const [siap, setSiap] = useState<EksporJob | null>(null);
  const controller = useRef<AbortController | null>(null);
  /** The job still being made, which "Batalkan" cancels on the server too. */
  const followed = useRef<EksporJob | null>(null);

  /** One download at a time: the progress line while `work` runs, its failure as a toast. */
  const run = async (work: (signal: AbortSignal) => Promise<void>) => {
    const current = new AbortController();
    controller.current = current;
    setKemajuan({ bytes: 0 });
    try {
      await work(current.signal);
    } catch (error) {
      if (!current.signal.aborted)
        showError(error instanceof Error && error.message ? error.message : idList.exportFailed);
    } finally {
      if (controller.current === current) {
        controller.current = null;
        followed.current = null;
        setKemajuan(null);
      }
    }
  };

  const save = async (job: EksporJob, signal: AbortSignal) => {
    setKemajuan({ bytes: 0 });
    const blob = await getEksporBerkas(job.id, (bytes) => setKemajuan({ bytes }), signal);
    saveBlob(blob, job.namaBerkas);
    showSuccess(idList.exportDone);
  };

  const follow = async (job: EksporJob, signal: AbortSignal) => {
    followed.current = job;
    setKemajuan({ job });
    const end = await ikutiEkspor(job, (now) => setKemajuan({ job: now }), signal);
    if (end.status === 'GAGAL') throw new Error(end.pesan ?? idList.exportFailed);
    followed.current = null;
    await save(end, signal);
  };

  const start = (format: ExportFormat) =>
    run(async (signal) => {
      const result = await download(format, (bytes) => setKemajuan({ bytes }), signal).catch((error: unknown) => {
        // The list's own call failing says so plainly, as it always did (not the server's words).
        throw signal.aborted ? error : new Error(idList.exportFailed);
      });
      if ('namaBerkas' in result) return follow(result, signal);
      saveBlob(result, fileName(format));
      showSuccess(idList.exportDone);
    });

  const cancel = () => {
    const job = followed.current;
    controller.current?.abort();
    // A cancel that fails (the job just ended: 409; no connection) leaves nothing to undo here: a
    // job still running is found again when the screen is next opened.
    if (job) batalEkspor(job.id).catch(() => {});
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only for another screen
  useEffect(() => {
    setSiap(null);
    const lookup = new AbortController();
    if (halaman) {
      getEksporHalaman(halaman, lookup.signal)
        .then(({ ekspor }) => {
          if (!ekspor || controller.current) return;
          if (ekspor.status === 'SELESAI') setSiap(ekspor);
          else if (ekspor.status !== 'GAGAL') void run((signal) => follow(ekspor, signal));
        })
        // Only a convenience: without it (mock mode, a failed call) the buttons work as they are.
        .catch(() => {});
    }
    return () => {
      lookup.abort();
      // Stop polling a job for a screen that is gone; the job goes on and is found here again.
      if (followed.current) controller.current?.abort();
    };
  }, [halaman]);

  if (kemajuan) {
    const job = 'job' in kemajuan ? kemajuan.job : null;
    const persen = job && job.status !== 'MENUNGGU' && job.total > 0 ? (100 * job.selesai) / job.total : null;
    const keterangan =
      'bytes' in kemajuan
        ? idList.exporting(megabytes(kemajuan.bytes))
        : kemajuan.job.status === 'MENUNGGU'
          ? idList.exportWaiting
          : idList.exportRows(kemajuan.job.selesai, kemajuan.job.total);
    return (
      <Stack gap={4} miw={240} role="status" aria-live="polite">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{keterangan}</Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={cancel}>
            {idList.exportCancel}
          </Button>
        </Group>
        {persen === null ? (
          <Progress value={100} striped animated size="sm" aria-label={idList.exportProgress} />
        ) : (
          <Progress value={persen} size="sm" aria-label={idList.exportProgress} />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          disabled={disabled}
          onClick={() => void start('xlsx')}
        >
          {idList.exportExcel}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          disabled={disabled}
          onClick={() => void start('csv')}
        >
          {idList.exportCsv}
        </Button>
      </Group>
      {siap && (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{idList.exportReady(siap.namaBerkas, megabytes(siap.ukuran ?? 0))}</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              setSiap(null);
              void run((signal) => save(siap, signal));
            }}
          >
            {idList.exportReadyDownload}
          </Button>
          <CloseButton size="sm" aria-label={idList.exportReadyDismiss} onClick={() => setSiap(null)} />
        </Group>
      )}
    </Stack>
  );
}
