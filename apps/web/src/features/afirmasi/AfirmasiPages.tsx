// Afirmasi Admin (issue #5), `/pppk/afirmasi-admin` and `/nakes/afirmasi-admin`, as a description:
// the checker's list of affirmation claims (status chips with counts, category, search, the
// AFIRMASI window's countdown); a row opens the claim's detail page.

import {
  AFIRMASI_SORT_COLUMNS,
  type AfirmasiRow,
  type AfirmasiTrack,
  ATURAN_AFIRMASI,
  afirmasiFilterSchema,
  formatPersen,
  isAfirmasiTrack,
  STATUS_AFIRMASI,
  type StatusAfirmasi,
  type TrackId,
} from '@portal/contract';
import { postAfirmasiList } from '../../api/afirmasi';
import { idAfirmasi } from '../../i18n/afirmasi';
import { TrackListScreen } from '../../ui/list/TrackListScreen';
import type { ListDescription } from '../../ui/list/types';
import { pelamarColumns, pengajuanList, waktuColumn } from '../../ui/pengajuanList';
import { STATUS_AFIRMASI_COLOR, StatusAfirmasiBadge } from '../../ui/status/StatusBadges';

const t = idAfirmasi;
const kategoriLabel = (kategori: string) => t.kategori[kategori] ?? kategori;

export function afirmasiDescription(
  track: AfirmasiTrack,
  title: string,
): ListDescription<AfirmasiRow, { status: StatusAfirmasi; jumlah: number }> {
  return pengajuanList({
    track,
    title,
    queryKey: ['afirmasi', track],
    filterKeys: Object.keys(afirmasiFilterSchema.shape),
    sortColumns: AFIRMASI_SORT_COLUMNS,
    fetch: (state, signal) => postAfirmasiList(track, state, signal),
    columns: [
      ...pelamarColumns<AfirmasiRow>(t.columns),
      { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
      { key: 'kategori', header: t.columns.kategori, render: (row) => kategoriLabel(row.kategori) },
      { key: 'persen', header: t.columns.persen, render: (row) => formatPersen(row.persen) },
      waktuColumn('diajukan', t.columns.diajukan),
      { key: 'status', header: t.columns.status, render: (row) => <StatusAfirmasiBadge status={row.status} /> },
      waktuColumn('diperiksa', t.columns.diperiksa, { by: (row: AfirmasiRow) => row.pemeriksaNama }),
    ],
    filters: [
      {
        kind: 'select',
        key: 'kategori',
        label: t.kategoriFilter,
        placeholder: t.semuaKategori,
        options: Object.keys(ATURAN_AFIRMASI[track].persen).map((value) => ({ value, label: kategoriLabel(value) })),
        width: 300,
      },
    ],
    status: { label: t.statusFilter, values: STATUS_AFIRMASI, names: t.status, colors: STATUS_AFIRMASI_COLOR },
    tahap: 'AFIRMASI',
    // The checker lands on the claims still to check (issue #32).
    initialFilter: { status: 'BELUM' },
    rowLink: (row) => `/${track}/afirmasi-admin/detail?id=${row.id}`,
    rowLabel: (row) => `${row.nama} – ${kategoriLabel(row.kategori)}`,
  });
}

/** /{pppk,nakes}/afirmasi-admin */
export const afirmasiAdmin = (track: TrackId, title: string) =>
  isAfirmasiTrack(track) ? afirmasiDescription(track, title) : null;

export function AfirmasiAdminPage() {
  return <TrackListScreen describe={afirmasiAdmin} />;
}
