// Afirmasi Admin (issue #5), `/pppk/afirmasi-admin` and `/nakes/afirmasi-admin`: the checker's list
// of affirmation claims on the list machinery (status chips with counts, category, search, the
// AFIRMASI window's countdown); a row opens the claim's detail page.

import { Badge, Button, Chip, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import {
  AFIRMASI_SORT_COLUMNS,
  type AfirmasiRow,
  type AfirmasiTrack,
  ATURAN_AFIRMASI,
  afirmasiFilterSchema,
  isAfirmasiTrack,
  type StatusAfirmasi,
} from '@portal/contract';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { postAfirmasiList } from '../../api/afirmasi';
import { formatWaktu } from '../../i18n/format';
import { id } from '../../i18n/id';
import { type Column, DataTable, listTableProps } from '../../table/DataTable';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { Tenggat } from '../../ui/Tenggat';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = id.afirmasi;
const SPEC: ListSpec = {
  filterKeys: Object.keys(afirmasiFilterSchema.shape),
  sortColumns: AFIRMASI_SORT_COLUMNS,
};
export const STATUS_AFIRMASI_COLOR: Record<StatusAfirmasi, string> = {
  BELUM: 'yellow',
  VALID: 'teal',
  TIDAK_VALID: 'red',
};

export function StatusAfirmasiBadge({ status }: { status: StatusAfirmasi }) {
  return (
    <Badge color={STATUS_AFIRMASI_COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {t.status[status]}
    </Badge>
  );
}

function AfirmasiList({ track, title }: { track: AfirmasiTrack; title: string }) {
  const navigate = useNavigate();
  const listState = useListState(SPEC);
  const { state, selection } = listState;
  const query = useListQuery<AfirmasiRow, { status: StatusAfirmasi; jumlah: number }>(
    ['afirmasi', track],
    state,
    (current, signal) => postAfirmasiList(track, current, signal),
  );
  const { data, summaries } = query.result;
  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);
  const status = typeof state.filter.status === 'string' ? state.filter.status : '';
  const kategori = typeof state.filter.kategori === 'string' ? state.filter.kategori : null;
  const total = summaries.reduce((sum, summary) => sum + summary.jumlah, 0);
  const columns = useMemo<Column<AfirmasiRow>[]>(
    () => [
      { key: 'noPeserta', header: t.columns.noPeserta, render: (row) => row.noPeserta },
      { key: 'nama', header: t.columns.nama, sortKey: 'nama', render: (row) => row.nama },
      { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
      { key: 'kategori', header: t.columns.kategori, render: (row) => t.kategori[row.kategori] ?? row.kategori },
      { key: 'persen', header: t.columns.persen, render: (row) => `${row.persen}%` },
      {
        key: 'diajukan',
        header: t.columns.diajukan,
        sortKey: 'diajukanAt',
        render: (row) => formatWaktu(row.diajukanAt),
      },
      {
        key: 'status',
        header: t.columns.status,
        width: 120,
        render: (row) => <StatusAfirmasiBadge status={row.status} />,
      },
      {
        key: 'diperiksa',
        header: t.columns.diperiksa,
        sortKey: 'diperiksaAt',
        render: (row) => (row.diperiksaAt ? `${formatWaktu(row.diperiksaAt)} · ${row.pemeriksaNama ?? '–'}` : '–'),
      },
    ],
    [],
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
              style={{ flex: '1 1 260px' }}
            />
            <Select
              label={t.kategoriFilter}
              placeholder={t.semuaKategori}
              clearable
              data={Object.keys(ATURAN_AFIRMASI[track].persen).map((value) => ({
                value,
                label: t.kategori[value] ?? value,
              }))}
              value={kategori}
              onChange={(value) => listState.setFilter({ kategori: value ?? '' })}
              w={{ base: '100%', xs: 300 }}
            />
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={listState.reset}>
              {id.list.reset}
            </Button>
          </Group>
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Chip.Group value={status} onChange={(value) => listState.setFilter({ status: value as string })}>
              <Group gap="xs" role="radiogroup" aria-label={t.statusFilter}>
                <Chip value="" size="sm">
                  {id.list.allStatuses} ({total.toLocaleString('id-ID')})
                </Chip>
                {summaries.map((summary) => (
                  <Chip
                    key={summary.status}
                    value={summary.status}
                    size="sm"
                    color={STATUS_AFIRMASI_COLOR[summary.status]}
                  >
                    {t.status[summary.status]} ({summary.jumlah.toLocaleString('id-ID')})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Tenggat track={track} tahap="AFIRMASI" />
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <DataTable
          caption={title}
          columns={columns}
          {...listTableProps(listState, query)}
          rowLabel={(row) => `${row.nama} – ${t.kategori[row.kategori] ?? row.kategori}`}
          onRowOpen={(row) => void navigate(`/${track}/afirmasi-admin/detail?id=${row.id}`)}
        />
      </Paper>
    </Stack>
  );
}

/** /{pppk,nakes}/afirmasi-admin */
export function AfirmasiAdminPage() {
  const page = useCurrentPage();
  return page?.track && isAfirmasiTrack(page.track) ? <AfirmasiList track={page.track} title={page.title} /> : null;
}
