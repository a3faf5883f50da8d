// Jawab Sanggah Nilai (`/{track}/sanggah-nilai`): score objections on the list machinery, with
// status chips and their counts, the component and "about another applicant" filters, the
// instansi filter and column for national roles, and the answer window's countdown; a row opens
// the detail page.

import { Badge, Button, Chip, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  KOMPONEN_PER_TRACK,
  SANGGAH_NILAI_FILTER_KEYS,
  SANGGAH_NILAI_SORT_COLUMNS,
  type SanggahNilaiRow,
  type SanggahNilaiSummary,
  type StatusSanggahNilai,
  type TrackId,
} from '@portal/contract';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { postSanggahNilaiList } from '../../api/sanggah-nilai';
import { useNational } from '../../auth/useNational';
import { formatTanggal } from '../../i18n/format';
import { id } from '../../i18n/id';
import { type Column, DataTable, listTableProps } from '../../table/DataTable';
import { InstansiSelect } from '../../table/InstansiSelect';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { Tenggat } from '../../ui/Tenggat';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = id.sanggahNilai;
const SPEC: ListSpec = { filterKeys: SANGGAH_NILAI_FILTER_KEYS, sortColumns: SANGGAH_NILAI_SORT_COLUMNS };

export const STATUS_SANGGAH_NILAI_COLOR: Record<StatusSanggahNilai, string> = {
  DIAJUKAN: 'yellow',
  MENUNGGU_PERSETUJUAN: 'blue',
  DITOLAK: 'red',
  DISETUJUI: 'teal',
  TIDAK_DISETUJUI: 'gray',
};

export function StatusSanggahNilaiBadge({ status }: { status: StatusSanggahNilai }) {
  return (
    // max-content: a crowded table must not cut the status short.
    <Badge
      color={STATUS_SANGGAH_NILAI_COLOR[status]}
      variant="light"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t.status[status]}
    </Badge>
  );
}

/** A score as Indonesians write it ("85,5"); "–" when there is none. */
export const formatNilai = (value: string | null | undefined) =>
  value === null || value === undefined ? '–' : Number(value).toLocaleString('id-ID', { maximumFractionDigits: 2 });

function SanggahNilaiList({ track, title }: { track: TrackId; title: string }) {
  const navigate = useNavigate();
  const national = useNational();
  const listState = useListState(SPEC);
  const { state, selection } = listState;
  const query = useListQuery<SanggahNilaiRow, SanggahNilaiSummary>(['sanggah-nilai', track], state, (current, signal) =>
    postSanggahNilaiList(track, current, signal),
  );
  const { data, summaries } = query.result;
  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);

  const value = (key: string) => {
    const current = state.filter[key];
    return typeof current === 'string' && current !== '' ? current : null;
  };
  const status = value('status') ?? '';
  const total = summaries.reduce((sum, summary) => sum + summary.jumlah, 0);
  const columns = useMemo<Column<SanggahNilaiRow>[]>(
    () => [
      { key: 'noPeserta', header: t.columns.noPeserta, render: (row) => row.noPeserta },
      { key: 'nama', header: t.columns.nama, sortKey: 'nama', render: (row) => row.nama },
      ...(national
        ? [{ key: 'instansi', header: t.columns.instansi, render: (row: SanggahNilaiRow) => row.instansi.nama }]
        : []),
      {
        key: 'komponen',
        header: t.columns.komponen,
        sortKey: 'komponen',
        render: (row) => t.komponen[row.komponen] ?? row.komponen,
      },
      {
        key: 'atas',
        header: t.columns.atas,
        render: (row) =>
          row.terkait ? (
            <Text size="sm" fw={500} c="orange.8">
              {t.pelamarLain(row.terkait.nama, row.terkait.noPeserta)}
            </Text>
          ) : (
            t.nilaiSendiri
          ),
      },
      {
        key: 'nilai',
        header: t.columns.nilai,
        render: (row) =>
          `${formatNilai(row.nilaiSaatDiajukan)}${row.nilaiUsulan === null ? '' : ` → ${formatNilai(row.nilaiUsulan)}`}`,
      },
      {
        key: 'diajukan',
        header: t.columns.diajukan,
        sortKey: 'diajukanAt',
        // Days in the table (it is wide); the detail gives the moment.
        render: (row) => formatTanggal(row.diajukanAt),
      },
      {
        key: 'status',
        header: t.columns.status,
        render: (row) => <StatusSanggahNilaiBadge status={row.status} />,
      },
      {
        key: 'dijawab',
        header: t.columns.dijawab,
        sortKey: 'dijawabAt',
        render: (row) => (row.dijawabAt ? `${formatTanggal(row.dijawabAt)} · ${row.penjawabNama ?? '–'}` : '–'),
      },
    ],
    [national],
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={id.list.searchLabel}
              placeholder={id.list.search}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={listState.searchInput}
              onChange={(event) => listState.setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
            />
            {national && (
              <InstansiSelect
                path={`/${track}/sanggah-nilai/instansi`}
                value={value('instansiId')}
                onChange={(instansiId) => listState.setFilter({ instansiId })}
              />
            )}
            <Select
              label={t.komponenFilter}
              placeholder={t.semuaKomponen}
              clearable
              data={KOMPONEN_PER_TRACK[track].map((komponen) => ({
                value: komponen,
                label: t.komponen[komponen] ?? komponen,
              }))}
              value={value('komponen')}
              onChange={(next) => listState.setFilter({ komponen: next ?? '' })}
              w={{ base: '100%', xs: 220 }}
            />
            <Select
              label={t.terkaitFilter}
              placeholder={t.semua}
              clearable
              data={['false', 'true'].map((option) => ({ value: option, label: t.terkaitOpsi[option] ?? option }))}
              value={value('terkait')}
              onChange={(next) => listState.setFilter({ terkait: next ?? '' })}
              w={{ base: '100%', xs: 190 }}
            />
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={listState.reset}>
              {id.list.reset}
            </Button>
          </Group>
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Chip.Group value={status} onChange={(next) => listState.setFilter({ status: next as string })}>
              <Group gap="xs" role="radiogroup" aria-label={t.statusFilter}>
                <Chip value="" size="sm">
                  {id.list.allStatuses} ({total.toLocaleString('id-ID')})
                </Chip>
                {summaries.map((summary) => (
                  <Chip
                    key={summary.status}
                    value={summary.status}
                    size="sm"
                    color={STATUS_SANGGAH_NILAI_COLOR[summary.status]}
                  >
                    {t.status[summary.status]} ({summary.jumlah.toLocaleString('id-ID')})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Tenggat track={track} tahap="JAWAB_SANGGAH_NILAI" />
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <DataTable
          caption={title}
          columns={columns}
          {...listTableProps(listState, query)}
          rowLabel={(row) => `${row.nama}, ${t.komponen[row.komponen] ?? row.komponen}`}
          onRowOpen={(row) => void navigate(`/${track}/sanggah-nilai/detail?id=${row.id}`)}
        />
      </Paper>
    </Stack>
  );
}

/** /{track}/sanggah-nilai */
export function SanggahNilaiListPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahNilaiList track={page.track} title={page.title} /> : null;
}
