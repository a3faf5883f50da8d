// The head of every detail page: who it is about (name, numbers, position), the extra lines the
// page needs, and the status badges on the right (wrapping under the name on a phone).

import { Group, Paper, Text, Title } from '@mantine/core';
import { formatWaktu, namaLengkap, type PelamarDetail } from '@portal/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { idPelamar } from '../../i18n/pelamar';
import { Nomor } from '../Nomor';

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
  const judul = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const berikutnya = (location.state as { berikutnya?: boolean } | null)?.berikutnya === true;
  // Issue #32: after a decision that moves on, the next one opens at the top with its name
  // focused, so nobody decides on a person scrolled out of view (the navigation says so).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) is a new arrival.
  useEffect(() => {
    if (!berikutnya) return;
    window.scrollTo({ top: 0 });
    judul.current?.focus({ preventScroll: true });
  }, [berikutnya, location.key]);
  // Issue #32: the tab names whom it is about ("Ayu Kusuma – Verifikasi (detail) – …"), so tabs
  // can be told apart; the route's own title is put back only if no other navigation replaced it.
  useEffect(() => {
    const umum = document.title;
    const milik = `${title} – ${umum}`;
    document.title = milik;
    return () => {
      if (document.title === milik) document.title = umum;
    };
  }, [title]);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" data-testid={testId} ref={judul} tabIndex={-1} style={{ outlineOffset: 2 }}>
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
  const first = (
    <>
      <Nomor>{pelamar.noPeserta}</Nomor> · NIK <Nomor>{pelamar.nik}</Nomor> · {pelamar.jabatanNama}
      {instansi && ` · ${instansi}`}
    </>
  );
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
