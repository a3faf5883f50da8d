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
import { type ReactNode, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { postPelamarExport, postPelamarList } from '../../api/pelamar';
import { formatTanggal } from '../../i18n/format';
import { id } from '../../i18n/id';
import { type Column, DataTable, listTableProps } from '../../table/DataTable';
import { ExportButtons } from '../../table/ExportButtons';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { FinalVerifikasiPanel } from '../../ui/verifikasi/FinalVerifikasiPanel';

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

export interface PelamarListPageProps {
  list: PelamarList;
  track: TrackId;
  title: string;
  /** Which date the from/to filter reads: registration (default) or decision. */
  dateFilter?: 'tglDaftar' | 'tglVerifikasi';
  /** Columns after the standard ones (the verifier's claim, the TMS reasons…). */
  extraColumns?: Column<PelamarRow>[];
  /** Buttons beside the status chips (claim next, final verification…). */
  toolbar?: ReactNode;
  /** Above the list (per-day counts, the final lock's state…). */
  header?: ReactNode;
  /** Actions on the selected rows (bulk agree). */
  bulk?: (selectedIds: number[]) => ReactNode;
  /** Opening a row; by default the screen's detail page. */
  onRowOpen?: (row: PelamarRow) => void;
}

export function PelamarListPage({
  list,
  track,
  title,
  dateFilter = 'tglDaftar',
  extraColumns = [],
  toolbar,
  header,
  bulk,
  onRowOpen,
}: PelamarListPageProps) {
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
  const dariKey = `${dateFilter}Dari`;
  const sampaiKey = `${dateFilter}Sampai`;
  const dari = typeof state.filter[dariKey] === 'string' ? state.filter[dariKey] : '';
  const sampai = typeof state.filter[sampaiKey] === 'string' ? state.filter[sampaiKey] : '';
  const columns = useMemo(() => [...COLUMNS, ...extraColumns], [extraColumns]);
  const selectedIds = selection.selectedRowIds as number[];
  const total = summaries.reduce((sum, summary) => sum + summary.jumlah, 0);

  return (
    <Stack gap="md">
      {header}
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
              label={
                dateFilter === 'tglVerifikasi'
                  ? `${id.verifikasi.tglVerifikasi}: ${id.list.dateFrom.toLowerCase()}`
                  : id.list.dateFrom
              }
              value={dari}
              onChange={(event) => listState.setFilter({ [dariKey]: event.currentTarget.value })}
              w={{ base: '47%', xs: 160 }}
            />
            <TextInput
              type="date"
              label={
                dateFilter === 'tglVerifikasi'
                  ? `${id.verifikasi.tglVerifikasi}: ${id.list.dateTo.toLowerCase()}`
                  : id.list.dateTo
              }
              value={sampai}
              onChange={(event) => listState.setFilter({ [sampaiKey]: event.currentTarget.value })}
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
            <Group gap="xs">
              {toolbar}
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
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        {bulk && selectedIds.length > 0 && (
          <Group mb="sm" gap="xs">
            {bulk(selectedIds)}
          </Group>
        )}
        <DataTable
          caption={title}
          columns={columns}
          {...listTableProps(listState, query)}
          rowLabel={(row) => row.nama}
          onRowOpen={onRowOpen ?? ((row) => void navigate(`/${track}/${PELAMAR_LISTS[list]}/detail?id=${row.id}`))}
        />
      </Paper>
    </Stack>
  );
}

/** /{track}/rekap-pelamar: every applicant of the instansi (the admin list). `panels` are what
 * other features add under the final lock (the official documents, issue #20): the route table
 * composes them, so this feature does not import those. */
export function RekapPelamarPage({ panels }: { panels?: (track: TrackId) => ReactNode }) {
  const page = useCurrentPage();
  return page?.track ? (
    <PelamarListPage
      list="admin"
      track={page.track}
      title={page.title}
      header={
        <>
          <FinalVerifikasiPanel track={page.track} />
          {panels?.(page.track)}
        </>
      }
    />
  ) : null;
}
