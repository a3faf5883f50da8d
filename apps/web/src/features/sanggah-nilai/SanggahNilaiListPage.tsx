// Jawab Sanggah Nilai (`/{track}/sanggah-nilai`) as a description: score objections with status
// chips and counts, the component and "about another applicant" filters, the instansi filter and
// column for national roles, and the answer window's countdown; a row opens the detail page.

import { Text } from '@mantine/core';
import {
  formatNilai,
  formatTanggal,
  KOMPONEN_PER_TRACK,
  SANGGAH_NILAI_FILTER_KEYS,
  SANGGAH_NILAI_SORT_COLUMNS,
  type SanggahNilaiRow,
  STATUS_SANGGAH_NILAI,
  type TrackId,
} from '@portal/contract';
import { postSanggahNilaiList } from '../../api/sanggah-nilai';
import { idSanggahNilai } from '../../i18n/sanggah-nilai';
import { NationalListScreen } from '../../ui/NationalListScreen';
import { instansiColumn, pelamarColumns, pengajuanList, waktuColumn } from '../../ui/pengajuanList';
import { STATUS_SANGGAH_NILAI_COLOR, StatusSanggahNilaiBadge } from '../../ui/status/StatusBadges';

const t = idSanggahNilai;
const komponenLabel = (komponen: string) => t.komponen[komponen] ?? komponen;

export function sanggahNilaiDescription(track: TrackId, title: string, national: boolean) {
  return pengajuanList({
    track,
    title,
    queryKey: ['sanggah-nilai', track],
    filterKeys: SANGGAH_NILAI_FILTER_KEYS,
    sortColumns: SANGGAH_NILAI_SORT_COLUMNS,
    fetch: (state, signal) => postSanggahNilaiList(track, state, signal),
    columns: [
      ...pelamarColumns<SanggahNilaiRow>(t.columns),
      ...instansiColumn<SanggahNilaiRow>(national, t.columns.instansi),
      {
        key: 'komponen',
        header: t.columns.komponen,
        sortKey: 'komponen',
        render: (row) => komponenLabel(row.komponen),
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
      // Days in the table (it is wide); the detail gives the moment.
      waktuColumn('diajukan', t.columns.diajukan, { format: formatTanggal }),
      { key: 'status', header: t.columns.status, render: (row) => <StatusSanggahNilaiBadge status={row.status} /> },
      waktuColumn('dijawab', t.columns.dijawab, {
        by: (row: SanggahNilaiRow) => row.penjawabNama,
        format: formatTanggal,
      }),
    ],
    instansiPath: national ? `/${track}/sanggah-nilai/instansi` : undefined,
    filters: [
      {
        kind: 'select',
        key: 'komponen',
        label: t.komponenFilter,
        placeholder: t.semuaKomponen,
        options: KOMPONEN_PER_TRACK[track].map((komponen) => ({ value: komponen, label: komponenLabel(komponen) })),
      },
      {
        kind: 'select',
        key: 'terkait',
        label: t.terkaitFilter,
        placeholder: t.semua,
        options: ['false', 'true'].map((option) => ({ value: option, label: t.terkaitOpsi[option] ?? option })),
        width: 190,
      },
    ],
    status: {
      label: t.statusFilter,
      values: STATUS_SANGGAH_NILAI,
      names: t.status,
      colors: STATUS_SANGGAH_NILAI_COLOR,
    },
    tahap: 'JAWAB_SANGGAH_NILAI',
    // Whoever answers lands on what still waits for an answer (issue #32).
    initialFilter: national ? undefined : { status: 'DIAJUKAN' },
    rowLink: (row) => `/${track}/sanggah-nilai/detail?id=${row.id}`,
    rowLabel: (row) => `${row.nama}, ${komponenLabel(row.komponen)}`,
  });
}

/** /{track}/sanggah-nilai */
export function SanggahNilaiListPage() {
  return <NationalListScreen describe={sanggahNilaiDescription} />;
}
