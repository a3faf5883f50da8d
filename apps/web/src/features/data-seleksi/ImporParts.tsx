// The pieces of Impor Data: a check's counts and a running job's progress.

import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  formatAngka,
  formatWaktu,
  IMPOR_JOB_STATUS_NAMA,
  type ImporCek,
  type ImporJob,
  type ImporJobStatus,
} from '@portal/contract';
import { IconX } from '@tabler/icons-react';
import { idDataSeleksi } from '../../i18n/data-seleksi';

export const t = idDataSeleksi.impor;
/** Issue #32: the portal's one set of formats (contract format.ts). */
export const angka = (n: number) => formatAngka(n);
export const wib = (iso: string) => formatWaktu(iso);
export const STATUS_COLOR: Record<ImporJobStatus, string> = {
  BERJALAN: 'blue',
  SELESAI: 'teal',
  DIBATALKAN: 'gray',
  GAGAL: 'red',
};

export function Counts({
  report,
}: {
  report: Pick<ImporCek, 'dibaca' | 'baru' | 'berubah' | 'sama' | 'ditolak' | 'konflik'>;
}) {
  const items: [string, number, string][] = [
    [t.dibaca, report.dibaca, 'dark'],
    [t.baru, report.baru, 'teal'],
    [t.berubah, report.berubah, 'blue'],
    [t.sama, report.sama, 'gray'],
    [t.ditolak, report.ditolak, 'red'],
    [t.konflik, report.konflik, 'orange'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
      {items.map(([label, value, color]) => (
        <Paper key={label} withBorder p="xs">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} c={color} data-testid={`jumlah-${label.toLowerCase().replaceAll(' ', '-')}`}>
            {angka(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function JobProgress({ job, onCancel }: { job: ImporJob; onCancel: () => void }) {
  const percent = job.total === 0 ? 100 : Math.round((job.selesai / job.total) * 100);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {t.progres}: {job.namaFile}
          </Text>
          <Badge color={STATUS_COLOR[job.status]}>{IMPOR_JOB_STATUS_NAMA[job.status]}</Badge>
        </Group>
        <Progress value={percent} size="lg" aria-label={t.progres} animated={job.status === 'BERJALAN'} />
        <Text size="sm" aria-live="polite">
          {job.menunggu
            ? t.menunggu(angka(job.total))
            : t.progresTeks(angka(job.selesai), angka(job.total), angka(job.barisPerDetik))}
          {!job.menunggu && job.sisaDetik !== null ? ` · ${t.sisa(angka(job.sisaDetik))}` : ''}
        </Text>
        {job.status !== 'BERJALAN' && <Counts report={job} />}
        {job.pesan && <Alert color={job.status === 'GAGAL' ? 'red' : 'gray'}>{job.pesan}</Alert>}
        {job.status === 'BERJALAN' && (
          <Group>
            <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={onCancel}>
              {t.batalkan}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
