// An applicant list screen (issue #3), one implementation for every track: the list machinery's
// state in the URL, the server's page of rows, status chips from the summaries, search, filters,
// selection and paging. Opening a row goes to the screen's detail page (`…/detail?id=…`).

import { Badge, Button, Chip, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import {
  JENIS_FORMASI,
  PELAMAR_EXPORT_LISTS,
  PELAMAR_FILTER_KEYS,
  PELAMAR_LISTS,
  PELAMAR_SORT_COLUMNS,
  type PelamarExportRequest,
  type PelamarFilter,
  type PelamarList,
  type PelamarRow,
  type StatusSummary,
  type StatusVerifikasi,
  type TrackId,
} from '@portal/contract';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { postPelamarExport, postPelamarList } from '../../api/pelamar';
import { formatTanggal } from '../../i18n/format';
import { id } from '../../i18n/id';
import { type Column, DataTable } from '../../table/DataTable';
import { ExportButtons } from '../../table/ExportButtons';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { useCurrentPage } from '../tracks/useTrack';

const t = id.pelamar;
const STATUS_COLOR: Record<StatusVerifikasi, string> = { BELUM: 'gray', MS: 'teal', TMS: 'red' };
const SPEC: ListSpec = { filterKeys: PELAMAR_FILTER_KEYS, sortColumns: PELAMAR_SORT_COLUMNS };

export function StatusBadge({ status }: { status: StatusVerifikasi }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" title={t.status[status]}>
      {t.statusShort[status]}
    </Badge>
  );
}

const COLUMNS: Column<PelamarRow>[] = [
  { key: 'noPeserta', header: t.columns.noPeserta, sortKey: 'noPeserta', render: (row) => row.noPeserta },
  { key: 'nik', header: t.columns.nik, render: (row) => row.nik },
  {
    key: 'nama',
    header: t.columns.nama,
    sortKey: 'nama',
    render: (row) =>
      [row.gelarDepan, row.nama].filter(Boolean).join(' ') + (row.gelarBelakang ? `, ${row.gelarBelakang}` : ''),
  },
  { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
  { key: 'lokasi', header: t.columns.lokasi, render: (row) => row.lokasiNama },
  { key: 'pendidikan', header: t.columns.pendidikan, render: (row) => row.pendidikanNama },
  {
    key: 'status',
    header: t.columns.status,
    sortKey: 'statusVerifikasi',
    render: (row) => <StatusBadge status={row.statusVerifikasi} />,
  },
  {
    key: 'tglDaftar',
    header: t.columns.tglDaftar,
    sortKey: 'tglDaftar',
    render: (row) => formatTanggal(row.tglDaftar),
  },
  { key: 'verifikator', header: t.columns.verifikator, render: (row) => row.verifikatorNama ?? '–' },
];

export function PelamarListPage({ list, track, title }: { list: PelamarList; track: TrackId; title: string }) {
  const navigate = useNavigate();
  const listState = useListState(SPEC);
  const { state, selection } = listState;
  const query = useListQuery<PelamarRow, StatusSummary>(['pelamar', track, list], state, (current, signal) =>
    postPelamarList(track, list, current, signal),
  );
  const { data, recordsTotal, summaries } = query.result;

  // spec §4: each load resets the row selection to the loaded rows.
  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);

  const status = typeof state.filter.statusVerifikasi === 'string' ? state.filter.statusVerifikasi : '';
  const jenis = typeof state.filter.jenisFormasi === 'string' ? state.filter.jenisFormasi : null;
  const dari = typeof state.filter.tglDaftarDari === 'string' ? state.filter.tglDaftarDari : '';
  const sampai = typeof state.filter.tglDaftarSampai === 'string' ? state.filter.tglDaftarSampai : '';
  const total = summaries.reduce((sum, summary) => sum + summary.jumlah, 0);

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
              label={t.jenisFormasi}
              placeholder={id.list.allStatuses}
              clearable
              data={JENIS_FORMASI.map((value) => ({ value, label: t.jenisFormasiNames[value] }))}
              value={jenis}
              onChange={(value) => listState.setFilter({ jenisFormasi: value ?? '' })}
              w={{ base: '100%', xs: 200 }}
            />
            <TextInput
              type="date"
              label={id.list.dateFrom}
              value={dari}
              onChange={(event) => listState.setFilter({ tglDaftarDari: event.currentTarget.value })}
              w={{ base: '47%', xs: 160 }}
            />
            <TextInput
              type="date"
              label={id.list.dateTo}
              value={sampai}
              onChange={(event) => listState.setFilter({ tglDaftarSampai: event.currentTarget.value })}
              w={{ base: '47%', xs: 160 }}
            />
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={listState.reset}>
              {id.list.reset}
            </Button>
          </Group>
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Chip.Group value={status} onChange={(value) => listState.setFilter({ statusVerifikasi: value as string })}>
              <Group gap="xs" role="radiogroup" aria-label={t.statusFilter}>
                <Chip value="" size="sm">
                  {id.list.allStatuses} ({total.toLocaleString('id-ID')})
                </Chip>
                {summaries.map((summary) => (
                  <Chip
                    key={summary.statusVerifikasi}
                    value={summary.statusVerifikasi}
                    size="sm"
                    color={STATUS_COLOR[summary.statusVerifikasi]}
                  >
                    {t.status[summary.statusVerifikasi]} ({summary.jumlah.toLocaleString('id-ID')})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {PELAMAR_EXPORT_LISTS.includes(list) && (
              <ExportButtons
                disabled={recordsTotal === 0}
                fileName={(format) => `${PELAMAR_LISTS[list]}-${track}.${format}`}
                download={(format, onProgress, signal) =>
                  postPelamarExport(
                    track,
                    list,
                    {
                      format,
                      filter: state.filter as PelamarFilter,
                      sorting: state.sorting as PelamarExportRequest['sorting'],
                      searchTerm: state.searchTerm,
                    },
                    onProgress,
                    signal,
                  )
                }
              />
            )}
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <DataTable
          caption={title}
          columns={COLUMNS}
          rows={data}
          recordsTotal={recordsTotal}
          page={state.paginator.page}
          pageSize={state.paginator.pageSize}
          sorting={state.sorting}
          firstLoading={query.firstLoading}
          loading={query.loading}
          errorMessage={query.errorMessage}
          onRetry={query.retry}
          onSort={listState.sortBy}
          onPage={listState.setPage}
          onPageSize={listState.setPageSize}
          rowLabel={(row) => row.nama}
          onRowOpen={(row) => void navigate(`/${track}/${PELAMAR_LISTS[list]}/detail?id=${row.id}`)}
          selection={selection}
        />
      </Paper>
    </Stack>
  );
}

/** /{track}/rekap-pelamar: every applicant of the instansi (the admin list). */
export function RekapPelamarPage() {
  const page = useCurrentPage();
  return page?.track ? <PelamarListPage list="admin" track={page.track} title={page.title} /> : null;
}
