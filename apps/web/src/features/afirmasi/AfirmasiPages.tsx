// Afirmasi Admin (issue #5), `/pppk/afirmasi-admin` and `/nakes/afirmasi-admin`, as a description:
// the checker's list of affirmation claims (status chips with counts, category, search, the
// AFIRMASI window's countdown); a row opens the claim's detail page.

import {
  AFIRMASI_SORT_COLUMNS,
  type AfirmasiRow,
  type AfirmasiTrack,
  ATURAN_AFIRMASI,
  afirmasiFilterSchema,
  isAfirmasiTrack,
  STATUS_AFIRMASI,
  type StatusAfirmasi,
  type TrackId,
} from '@portal/contract';
import { postAfirmasiList } from '../../api/afirmasi';
import { idAfirmasi } from '../../i18n/afirmasi';
import { idList } from '../../i18n/list';
import type { ListSpec } from '../../table/listState';
import { formatAngka, formatWaktu } from '../../ui/list/format';
import { statusFilter } from '../../ui/list/statusFilter';
import { TrackListScreen } from '../../ui/list/TrackListScreen';
import type { ListDescription } from '../../ui/list/types';
import { STATUS_AFIRMASI_COLOR, StatusAfirmasiBadge } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';

const t = idAfirmasi;
const SPEC: ListSpec = { filterKeys: Object.keys(afirmasiFilterSchema.shape), sortColumns: AFIRMASI_SORT_COLUMNS };
const kategoriLabel = (kategori: string) => t.kategori[kategori] ?? kategori;

function afirmasiDescription(
  track: AfirmasiTrack,
  title: string,
): ListDescription<AfirmasiRow, { status: StatusAfirmasi; jumlah: number }> {
  return {
    queryKey: ['afirmasi', track],
    spec: SPEC,
    fetch: (state, signal) => postAfirmasiList(track, state, signal),
    caption: title,
    columns: [
      { key: 'noPeserta', header: t.columns.noPeserta, render: (row) => row.noPeserta },
      { key: 'nama', header: t.columns.nama, sortKey: 'nama', primary: true, render: (row) => row.nama },
      { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
      { key: 'kategori', header: t.columns.kategori, render: (row) => kategoriLabel(row.kategori) },
      { key: 'persen', header: t.columns.persen, render: (row) => `${formatAngka(row.persen)}%` },
      {
        key: 'diajukan',
        header: t.columns.diajukan,
        sortKey: 'diajukanAt',
        render: (row) => formatWaktu(row.diajukanAt),
      },
      { key: 'status', header: t.columns.status, render: (row) => <StatusAfirmasiBadge status={row.status} /> },
      {
        key: 'diperiksa',
        header: t.columns.diperiksa,
        sortKey: 'diperiksaAt',
        render: (row) => (row.diperiksaAt ? `${formatWaktu(row.diperiksaAt)} · ${row.pemeriksaNama ?? '–'}` : '–'),
      },
    ],
    searchPlaceholder: idList.search,
    filters: [
      {
        kind: 'select',
        key: 'kategori',
        label: t.kategoriFilter,
        placeholder: t.semuaKategori,
        options: Object.keys(ATURAN_AFIRMASI[track].persen).map((value) => ({ value, label: kategoriLabel(value) })),
        width: 300,
      },
      statusFilter({
        key: 'status',
        label: t.statusFilter,
        values: STATUS_AFIRMASI,
        names: t.status,
        colors: STATUS_AFIRMASI_COLOR,
      }),
    ],
    actions: <Tenggat track={track} tahap="AFIRMASI" />,
    rowLink: (row) => `/${track}/afirmasi-admin/detail?id=${row.id}`,
    rowLabel: (row) => `${row.nama} – ${kategoriLabel(row.kategori)}`,
  };
}

/** /{pppk,nakes}/afirmasi-admin */
const afirmasiAdmin = (track: TrackId, title: string) =>
  isAfirmasiTrack(track) ? afirmasiDescription(track, title) : null;

export function AfirmasiAdminPage() {
  return <TrackListScreen describe={afirmasiAdmin} />;
}
