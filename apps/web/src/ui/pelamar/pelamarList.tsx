// The applicant list as a description (issue #3, #19), one for every track and every list that
// shows applicants (rekap-pelamar, the verifier's queue and recap, the supervisor's queue and
// recap): columns, filters, row link and exports. The features add their columns and actions; the
// list itself lives here, below them, so neither feature imports the other.

import { Stack } from '@mantine/core';
import {
  ALASAN_TMS,
  formatTanggal,
  formatWaktu,
  JENIS_FORMASI,
  namaLengkap,
  PELAMAR_EXPORT_LISTS,
  PELAMAR_FILTER_KEYS,
  PELAMAR_LISTS,
  PELAMAR_SORT_COLUMNS,
  type PelamarExportRequest,
  type PelamarList,
  type PelamarRow,
  STATUS_VERIFIKASI,
  type StatusSummary,
  TEMUAN_OTOMATIS,
  type TrackId,
} from '@portal/contract';
import { postPelamarExport, postPelamarList } from '../../api/pelamar';
import { idList } from '../../i18n/list';
import { idPelamar } from '../../i18n/pelamar';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { exportRequest, type ListSpec } from '../../table/listState';
import { statusFilter } from '../list/statusFilter';
import type { BulkActionDescription, ColumnDescription, FilterDescription, ListDescription } from '../list/types';
import { Nomor } from '../Nomor';
import { STATUS_VERIFIKASI_COLOR, StatusBadge } from '../status/StatusBadges';
import { TemuanOtomatisBadge } from './badges';

const t = idPelamar;
export const PELAMAR_SPEC: ListSpec = { filterKeys: PELAMAR_FILTER_KEYS, sortColumns: PELAMAR_SORT_COLUMNS };

/** A TMS reason's words (the contract's catalogue), never its code. */
export const alasanTmsLabel = (kode: string) => ALASAN_TMS.find((alasan) => alasan.kode === kode)?.label ?? kode;

export const PELAMAR_COLUMNS: ColumnDescription<PelamarRow>[] = [
  {
    key: 'noPeserta',
    header: t.columns.noPeserta,
    sortKey: 'noPeserta',
    render: (row) => <Nomor>{row.noPeserta}</Nomor>,
  },
  { key: 'nik', header: t.columns.nik, render: (row) => <Nomor>{row.nik}</Nomor> },
  { key: 'nama', header: t.columns.nama, sortKey: 'nama', primary: true, render: namaLengkap },
  { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
  { key: 'lokasi', header: t.columns.lokasi, render: (row) => row.lokasiNama },
  { key: 'pendidikan', header: t.columns.pendidikan, render: (row) => row.pendidikanNama },
  {
    key: 'status',
    header: t.columns.status,
    sortKey: 'statusVerifikasi',
    // Issue #35: under the status, the worst finding of the documents' reading (nothing when none);
    // in the status cell, as a column of its own made the lists wider than a 1440 px window.
    render: (row) => (
      <Stack gap={4} align="flex-start">
        <StatusBadge status={row.statusVerifikasi} />
        <TemuanOtomatisBadge temuan={row.temuanOtomatis} />
      </Stack>
    ),
  },
  {
    key: 'tglDaftar',
    header: t.columns.tglDaftar,
    sortKey: 'tglDaftar',
    render: (row) => formatTanggal(row.tglDaftar),
  },
  { key: 'verifikator', header: t.columns.verifikator, render: (row) => row.verifikatorNama ?? '–' },
];

/** When the verifier decided (a WIB moment): the decision lists' date, filtered by day in Jakarta. */
const TGL_VERIFIKASI_COLUMN: ColumnDescription<PelamarRow> = {
  key: 'tglVerifikasi',
  header: t.columns.tglVerifikasi,
  render: (row) => formatWaktu(row.tglVerifikasi),
};

export const ALASAN_TMS_COLUMN: ColumnDescription<PelamarRow> = {
  key: 'alasanTms',
  header: idSupervisi.alasanTms,
  render: (row) => (row.alasanTms ?? []).map(alasanTmsLabel).join('; ') || '–',
};

/** Issue #35: "Temuan otomatis" – none, only to check, at least one "berat" (Semua: no filter). */
const TEMUAN_OTOMATIS_FILTER: FilterDescription = {
  kind: 'select',
  key: 'temuanOtomatis',
  label: idVerifikasi.temuanOtomatis,
  placeholder: idList.allStatuses,
  options: TEMUAN_OTOMATIS.map((value) => ({ value, label: idVerifikasi.temuanOtomatisNama[value] })),
  width: 200,
};

export interface PelamarListOptions {
  list: PelamarList;
  track: TrackId;
  title: string;
  /** Which date the from/to filter reads: registration (default) or decision. */
  dateFilter?: 'tglDaftar' | 'tglVerifikasi';
  extraColumns?: ColumnDescription<PelamarRow>[];
  /** Filters of this list only, before the others (the verifier's own work). */
  extraFilters?: FilterDescription[];
  actions?: ListDescription<PelamarRow, StatusSummary>['actions'];
  header?: ListDescription<PelamarRow, StatusSummary>['header'];
  bulk?: BulkActionDescription[];
  onRowOpen?: (row: PelamarRow) => void;
}

export function pelamarListDescription(options: PelamarListOptions): ListDescription<PelamarRow, StatusSummary> {
  const { list, track, dateFilter = 'tglDaftar' } = options;
  const decision = dateFilter === 'tglVerifikasi';
  return {
    queryKey: ['pelamar', track, list],
    spec: PELAMAR_SPEC,
    fetch: (state, signal) => postPelamarList(track, list, state, signal),
    caption: options.title,
    // The date column is the date the filter reads (issue #32): a decision list shows when it was decided.
    columns: [
      ...PELAMAR_COLUMNS.map((column) => (decision && column.key === 'tglDaftar' ? TGL_VERIFIKASI_COLUMN : column)),
      ...(options.extraColumns ?? []),
    ],
    searchPlaceholder: idList.search,
    filters: [
      ...(options.extraFilters ?? []),
      {
        kind: 'select',
        key: 'jenisFormasi',
        label: t.jenisFormasi,
        placeholder: idList.allStatuses,
        options: JENIS_FORMASI.map((value) => ({ value, label: t.jenisFormasiNames[value] })),
        width: 200,
      },
      {
        kind: 'dateRange',
        from: `${dateFilter}Dari`,
        to: `${dateFilter}Sampai`,
        labelFrom: decision ? idVerifikasi.diverifikasiDari : idList.dateFrom,
        labelTo: decision ? idVerifikasi.diverifikasiSampai : idList.dateTo,
      },
      TEMUAN_OTOMATIS_FILTER,
      statusFilter({
        key: 'statusVerifikasi',
        label: t.statusFilter,
        values: STATUS_VERIFIKASI,
        names: t.status,
        colors: STATUS_VERIFIKASI_COLOR,
      }),
    ],
    rowLink: (row) => `/${track}/${PELAMAR_LISTS[list]}/detail?id=${row.id}`,
    onRowOpen: options.onRowOpen,
    rowLabel: (row) => row.nama,
    bulk: options.bulk,
    actions: options.actions,
    header: options.header,
    exports: PELAMAR_EXPORT_LISTS.includes(list)
      ? {
          fileName: (format) => `${PELAMAR_LISTS[list]}-${track}.${format}`,
          halaman: `/${track}/${PELAMAR_LISTS[list]}`,
          download: (format, state, onProgress, signal) =>
            postPelamarExport(track, list, exportRequest<PelamarExportRequest>(format, state), onProgress, signal),
        }
      : undefined,
  };
}
