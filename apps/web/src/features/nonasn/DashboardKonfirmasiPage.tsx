// The Non-ASN confirmation dashboard (issue #5), `/pppk/dashboard-konfirmasi`: how far the instansi
// are in answering for their non-ASN records – totals, progress per kategori as stacked bars, and
// per instansi × kategori a sortable, paged table (the one list machinery) – all read from the
// server's counters. National monitors see every instansi; a row opens its Data Non ASN view.

import {
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  DASHBOARD_KONFIRMASI_DEFAULT_SORTING,
  DASHBOARD_KONFIRMASI_FILTER_KEYS,
  DASHBOARD_KONFIRMASI_SORT_COLUMNS,
  type DashboardKonfirmasiRow,
  type DashboardKonfirmasiSummary,
  KATEGORI_NONASN,
  KATEGORI_NONASN_NAMA,
  NATIONAL_ROLES,
} from '@portal/contract';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { postDashboardKonfirmasi } from '../../api/nonasn';
import { useAuth } from '../../auth/authStore';
import { id } from '../../i18n/id';
import { type Column, DataTable, listTableProps } from '../../table/DataTable';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { Tenggat } from '../../ui/Tenggat';
import { useInstansiOptions } from './shared';

const t = id.nonasn;
const db = t.dashboard;
const SPEC: ListSpec = {
  filterKeys: DASHBOARD_KONFIRMASI_FILTER_KEYS,
  sortColumns: DASHBOARD_KONFIRMASI_SORT_COLUMNS,
  defaultSorting: DASHBOARD_KONFIRMASI_DEFAULT_SORTING,
};
const angka = (n: number) => n.toLocaleString('id-ID');

type Progres = Pick<DashboardKonfirmasiSummary, 'total' | 'dikonfirmasi' | 'tidakDiusulkan' | 'belum' | 'persen'>;

/** Confirmed, not proposed and unanswered as one stacked bar. */
function ProgresBar({ value, label, size = 'lg' }: { value: Progres; label: string; size?: string }) {
  const part = (n: number) => (value.total === 0 ? 0 : (n / value.total) * 100);
  return (
    <Progress.Root size={size} aria-label={`${label}: ${db.persenNilai(value.persen)} ${db.terjawab}`}>
      <Tooltip label={`${db.dikonfirmasi}: ${angka(value.dikonfirmasi)}`}>
        <Progress.Section value={part(value.dikonfirmasi)} color="teal" />
      </Tooltip>
      <Tooltip label={`${db.tidakDiusulkan}: ${angka(value.tidakDiusulkan)}`}>
        <Progress.Section value={part(value.tidakDiusulkan)} color="red" />
      </Tooltip>
      <Tooltip label={`${db.belum}: ${angka(value.belum)}`}>
        <Progress.Section value={part(value.belum)} color="gray.3" />
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

const COLUMNS: Column<DashboardKonfirmasiRow>[] = [
  { key: 'instansi', header: t.columns.instansi, sortKey: 'instansi', render: (row) => row.instansi.nama },
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
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {db.persenNilai(row.persen)}
        </Text>
        <ProgresBar value={row} label={`${row.instansi.nama} ${row.kategori}`} size="sm" />
      </Stack>
    ),
  },
];

export function DashboardKonfirmasiPage() {
  const navigate = useNavigate();
  const user = useAuth().user;
  const national = user?.authorities.some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority)) ?? false;
  const listState = useListState(SPEC);
  const { state, selection } = listState;
  const query = useListQuery<DashboardKonfirmasiRow, DashboardKonfirmasiSummary>(
    ['dashboard-konfirmasi'],
    state,
    (current, signal) => postDashboardKonfirmasi(current, signal),
  );
  const instansi = useInstansiOptions(national);
  const { data, summaries } = query.result;
  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);
  const value = (key: string) => (typeof state.filter[key] === 'string' ? (state.filter[key] as string) : null);
  const totals = summaries.find((summary) => summary.kategori === null);
  const perKategori = summaries.filter((summary) => summary.kategori !== null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Tenggat track="pppk" tahap="KONFIRMASI_NONASN" />
      </Group>
      <Paper withBorder p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={id.list.searchLabel}
            placeholder={db.cariInstansi}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={listState.searchInput}
            onChange={(event) => listState.setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          {national && (
            <Select
              label={t.instansi}
              placeholder={t.semuaInstansi}
              clearable
              searchable
              data={(instansi.data ?? []).map((item) => ({ value: String(item.id), label: item.nama }))}
              value={value('instansiId')}
              onChange={(next) => listState.setFilter({ instansiId: next ?? '' })}
              w={{ base: '100%', xs: 280 }}
            />
          )}
          <Select
            label={t.kategori}
            placeholder={t.semuaKategori}
            clearable
            data={KATEGORI_NONASN.map((kategori) => ({ value: kategori, label: KATEGORI_NONASN_NAMA[kategori] }))}
            value={value('kategori')}
            onChange={(next) => listState.setFilter({ kategori: next ?? '' })}
            w={{ base: '100%', xs: 280 }}
          />
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={listState.reset}>
            {id.list.reset}
          </Button>
        </Group>
      </Paper>
      {query.firstLoading ? (
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
        {query.firstLoading && <Skeleton h={120} />}
        {!query.firstLoading && perKategori.length === 0 && (
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
              </div>
            );
          })}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <DataTable
          caption={db.tabel}
          columns={COLUMNS}
          {...listTableProps(listState, query)}
          rowLabel={(row) => `${row.instansi.nama} ${row.kategori}`}
          onRowOpen={(row) =>
            void navigate(`/pppk/rekap-nonasn?f.instansiId=${row.instansi.id}&f.kategori=${row.kategori}`)
          }
        />
      </Paper>
    </Stack>
  );
}
