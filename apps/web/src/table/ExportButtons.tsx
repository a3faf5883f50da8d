// "Unduh Excel" / "Unduh CSV" for a recap list: downloads the current view with a progress line
// (bytes received; the file is built while it streams) and a cancel button, then saves it.

import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { type ExportFormat, formatAngka } from '@portal/contract';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { idList } from '../i18n/list';
import { showError, showSuccess } from '../ui/toast';

interface ExportButtonsProps {
  download: (format: ExportFormat, onProgress: (bytes: number) => void, signal: AbortSignal) => Promise<Blob>;
  fileName: (format: ExportFormat) => string;
  disabled?: boolean;
}

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

export function ExportButtons({ download, fileName, disabled }: ExportButtonsProps) {
  const [running, setRunning] = useState<{ format: ExportFormat; bytes: number } | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async (format: ExportFormat) => {
    controller.current = new AbortController();
    setRunning({ format, bytes: 0 });
    try {
      const blob = await download(format, (bytes) => setRunning({ format, bytes }), controller.current.signal);
      saveBlob(blob, fileName(format));
      showSuccess(idList.exportDone);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) showError(idList.exportFailed);
    } finally {
      setRunning(null);
      controller.current = null;
    }
  };

  if (running) {
    return (
      <Stack gap={4} miw={240} role="status" aria-live="polite">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{idList.exporting(formatAngka(running.bytes / 1_048_576, 1))}</Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => controller.current?.abort()}>
            {idList.exportCancel}
          </Button>
        </Group>
        <Progress value={100} striped animated size="sm" aria-label={idList.exportExcel} />
      </Stack>
    );
  }
  return (
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
  );
}
