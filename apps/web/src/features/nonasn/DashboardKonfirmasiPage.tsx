// The Non-ASN confirmation dashboard (issue #5), `/pppk/dashboard-konfirmasi`: how far the instansi
// are in answering for their non-ASN records – totals and progress per kategori (read from the
// list's summaries) above the described list per instansi × kategori. National monitors see every
// instansi; a row opens its Data Non ASN view.

import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  formatAngka as angka,
  DASHBOARD_KONFIRMASI_DEFAULT_SORTING,
  DASHBOARD_KONFIRMASI_FILTER_KEYS,
  DASHBOARD_KONFIRMASI_SORT_COLUMNS,
  type DashboardKonfirmasiRow,
  type DashboardKonfirmasiSummary,
  KATEGORI_NONASN_NAMA,
  type TrackId,
} from '@portal/contract';
import { useMemo } from 'react';
import { postDashboardKonfirmasi } from '../../api/nonasn';
import { useNational } from '../../auth/useNational';
import { idNonasn } from '../../i18n/nonasn';
import type { ListSpec } from '../../table/listState';
import { ListScreen } from '../../ui/list/ListScreen';
import type { ColumnDescription, ListDescription, ListQueryView } from '../../ui/list/types';
import { Tenggat } from '../../ui/Tenggat';
import { nonAsnFilters } from './shared';

const t = idNonasn;
const db = t.dashboard;
const SPEC: ListSpec = {
  filterKeys: DASHBOARD_KONFIRMASI_FILTER_KEYS,
  sortColumns: DASHBOARD_KONFIRMASI_SORT_COLUMNS,
  defaultSorting: DASHBOARD_KONFIRMASI_DEFAULT_SORTING,
};

type Progres = Pick<DashboardKonfirmasiSummary, 'total' | 'dikonfirmasi' | 'tidakDiusulkan' | 'belum' | 'persen'>;

/** Confirmed, not proposed and unanswered as one stacked bar. */
function ProgresBar({ value, label, size = 'lg' }: { value: Progres; label: string; size?: string }) {
  const part = (n: number) => (value.total === 0 ? 0 : (n / value.total) * 100);
  return (
    <Progress.Root size={size} aria-label={`${label}: ${db.persenNilai(value.persen)} ${db.terjawab}`}>
      <Tooltip label={`${db.dikonfirmasi}: ${angka(value.dikonfirmasi)}`}>
        <Progress.Section value={part(value.dikonfirmasi)} color="teal" aria-label={db.dikonfirmasi} />
      </Tooltip>
      <Tooltip label={`${db.tidakDiusulkan}: ${angka(value.tidakDiusulkan)}`}>
        <Progress.Section value={part(value.tidakDiusulkan)} color="red" aria-label={db.tidakDiusulkan} />
      </Tooltip>
      <Tooltip label={`${db.belum}: ${angka(value.belum)}`}>
        <Progress.Section value={part(value.belum)} color="gray.3" aria-label={db.belum} />
      </Tooltip>
    </Progress.Root>
  );
}

function Stat({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The totals and the per-kategori bars, from the list's summaries (null kategori = all). */
function Ringkasan({ summaries, firstLoading }: ListQueryView<DashboardKonfirmasiSummary>) {
  const totals = summaries.find((summary) => summary.kategori === null);
  const perKategori = summaries.filter((summary) => summary.kategori !== null);
  return (
    <>
      {firstLoading ? (
        <Skeleton h={96} />
      ) : (
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
          <Stat label={db.total} value={angka(totals?.total ?? 0)} testId="stat-total" />
          <Stat
            label={db.dikonfirmasi}
            value={angka(totals?.dikonfirmasi ?? 0)}
            color="teal.8"
            testId="stat-dikonfirmasi"
          />
          <Stat
            label={db.tidakDiusulkan}
            value={angka(totals?.tidakDiusulkan ?? 0)}
            color="red.8"
            testId="stat-tidak-diusulkan"
          />
          <Stat label={db.belum} value={angka(totals?.belum ?? 0)} testId="stat-belum" />
          <Stat label={db.persen} value={db.persenNilai(totals?.persen ?? 0)} color="blue.8" testId="stat-persen" />
        </SimpleGrid>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb={4}>
          {db.perKategori}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {db.legenda}
        </Text>
        {firstLoading && <Skeleton h={120} />}
        {!firstLoading && perKategori.length === 0 && (
          <Text size="sm" c="dimmed">
            {db.kosong}
          </Text>
        )}
        <Stack gap="xs">
          {perKategori.map((summary) => {
            const nama = KATEGORI_NONASN_NAMA[summary.kategori as keyof typeof KATEGORI_NONASN_NAMA];
            return (
              <div key={summary.kategori}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{nama}</Text>
                  <Text size="sm" c="dimmed">
                    {angka(summary.dikonfirmasi + summary.tidakDiusulkan)} / {angka(summary.total)} ·{' '}
                    <b>{db.persenNilai(summary.persen)}</b>
                  </Text>
                </Group>
                <ProgresBar value={summary} label={nama} />
                {/* Issue #19: the bar's parts in words too, not by colour alone. */}
                <Text size="xs" c="dimmed" mt={2}>
                  {db.rincian(summary.dikonfirmasi, summary.tidakDiusulkan, summary.belum, angka)}
                </Text>
              </div>
            );
          })}
        </Stack>
      </Paper>
    </>
  );
}

const COLUMNS: ColumnDescription<DashboardKonfirmasiRow>[] = [
  {
    key: 'instansi',
    header: t.columns.instansi,
    sortKey: 'instansi',
    primary: true,
    render: (row) => row.instansi.nama,
  },
  {
    key: 'kategori',
    header: t.columns.kategori,
    sortKey: 'kategori',
    render: (row) => KATEGORI_NONASN_NAMA[row.kategori],
  },
  { key: 'total', header: db.total, sortKey: 'total', render: (row) => angka(row.total) },
  { key: 'dikonfirmasi', header: db.dikonfirmasi, render: (row) => angka(row.dikonfirmasi) },
  { key: 'tidakDiusulkan', header: db.tidakDiusulkan, render: (row) => angka(row.tidakDiusulkan) },
  { key: 'belum', header: db.belum, render: (row) => angka(row.belum) },
  {
    key: 'persen',
    header: db.persen,
    sortKey: 'persen',
    width: 200,
    render: (row) => (
      <Stack gap={2} style={{ flex: 1 }}>
        <Text size="sm" fw={600}>
          {db.persenNilai(row.persen)}
        </Text>
        <ProgresBar value={row} label={`${row.instansi.nama} ${KATEGORI_NONASN_NAMA[row.kategori]}`} size="sm" />
      </Stack>
    ),
  },
];

function dashboardDescription(national: boolean): ListDescription<DashboardKonfirmasiRow, DashboardKonfirmasiSummary> {
  return {
    queryKey: ['dashboard-konfirmasi'],
    spec: SPEC,
    fetch: (state, signal) => postDashboardKonfirmasi(state, signal),
    caption: db.tabel,
    columns: COLUMNS,
    searchPlaceholder: db.cariInstansi,
    filters: nonAsnFilters(national),
    header: (
      <Group justify="space-between" gap="sm">
        <Tenggat track="pppk" tahap="KONFIRMASI_NONASN" />
      </Group>
    ),
    aboveTable: (view) => <Ringkasan {...view} />,
    rowLink: (row) => `/pppk/rekap-nonasn?f.instansiId=${row.instansi.id}&f.kategori=${row.kategori}`,
    rowLabel: (row) => `${row.instansi.nama} ${KATEGORI_NONASN_NAMA[row.kategori]}`,
  };
}

export const dashboardKonfirmasi = (_track: TrackId, _title: string, national: boolean) =>
  dashboardDescription(national);

export function DashboardKonfirmasiPage() {
  const national = useNational();
  const description = useMemo(() => dashboardDescription(national), [national]);
  return <ListScreen description={description} />;
}
