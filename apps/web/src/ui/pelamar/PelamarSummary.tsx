// The head of every detail page: who it is about (name, numbers, position), the extra lines the
// page needs, and the status badges on the right (wrapping under the name on a phone).

import { Group, Paper, Text, Title } from '@mantine/core';
import type { PelamarDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { formatWaktu } from '../../i18n/format';
import { idPelamar } from '../../i18n/pelamar';
import { namaLengkap } from './pelamar';

export function SummaryCard({
  title,
  testId,
  lines,
  badges,
}: {
  title: string;
  /** The e2e tests find the name by it (nama-pelamar, nama-nonasn). */
  testId?: string;
  lines: ReactNode[];
  badges?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" data-testid={testId}>
            {title}
          </Title>
          {lines.map((line, index) =>
            line ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one card are fixed
              <Text key={index} size={index === 0 ? 'sm' : 'xs'} c="dimmed">
                {line}
              </Text>
            ) : null,
          )}
        </div>
        {badges && (
          <Group gap="xs" wrap="wrap">
            {badges}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

type Pelamar = Pick<PelamarDetail, 'gelarDepan' | 'nama' | 'gelarBelakang' | 'noPeserta' | 'nik' | 'jabatanNama'>;

/** An applicant: name, "No. peserta · NIK · jabatan[ · instansi]", more lines, badges. */
export function PelamarSummary({
  pelamar,
  instansi,
  more = [],
  badges,
}: {
  pelamar: Pelamar;
  instansi?: string;
  more?: ReactNode[];
  badges?: ReactNode;
}) {
  const first = [pelamar.noPeserta, `NIK ${pelamar.nik}`, pelamar.jabatanNama, instansi].filter(Boolean).join(' · ');
  return <SummaryCard title={namaLengkap(pelamar)} testId="nama-pelamar" lines={[first, ...more]} badges={badges} />;
}

/** A submission about an applicant (an objection, a score objection): who, their instansi, when it was made. */
export function PengajuanSummary({
  detail,
  badges,
}: {
  detail: { pelamar: Pelamar; instansi: { nama: string }; diajukanAt: string };
  badges: ReactNode;
}) {
  return (
    <PelamarSummary
      pelamar={detail.pelamar}
      instansi={detail.instansi.nama}
      more={[`${idPelamar.detail.diajukan}: ${formatWaktu(detail.diajukanAt)}`]}
      badges={badges}
    />
  );
}
