// Jawab Sanggah Nilai (`/{track}/sanggah-nilai`) as a description: score objections with status
// chips and counts, the component and "about another applicant" filters, the instansi filter and
// column for national roles, and the answer window's countdown; a row opens the detail page.

import { Text } from '@mantine/core';
import {
  KOMPONEN_PER_TRACK,
  SANGGAH_NILAI_FILTER_KEYS,
  SANGGAH_NILAI_SORT_COLUMNS,
  type SanggahNilaiRow,
  type SanggahNilaiSummary,
  STATUS_SANGGAH_NILAI,
  type TrackId,
} from '@portal/contract';
import { useMemo } from 'react';
import { postSanggahNilaiList } from '../../api/sanggah-nilai';
import { useNational } from '../../auth/useNational';
import { idList } from '../../i18n/list';
import { idSanggahNilai } from '../../i18n/sanggah-nilai';
import type { ListSpec } from '../../table/listState';
import { formatNilai, formatTanggal } from '../../ui/list/format';
import { ListScreen } from '../../ui/list/ListScreen';
import { statusFilter } from '../../ui/list/statusFilter';
import type { ColumnDescription, ListDescription } from '../../ui/list/types';
import { STATUS_SANGGAH_NILAI_COLOR, StatusSanggahNilaiBadge } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = idSanggahNilai;
const SPEC: ListSpec = { filterKeys: SANGGAH_NILAI_FILTER_KEYS, sortColumns: SANGGAH_NILAI_SORT_COLUMNS };
const komponenLabel = (komponen: string) => t.komponen[komponen] ?? komponen;

function sanggahNilaiDescription(
  track: TrackId,
  title: string,
  national: boolean,
): ListDescription<SanggahNilaiRow, SanggahNilaiSummary> {
  const columns: ColumnDescription<SanggahNilaiRow>[] = [
    { key: 'noPeserta', header: t.columns.noPeserta, render: (row) => row.noPeserta },
    { key: 'nama', header: t.columns.nama, sortKey: 'nama', primary: true, render: (row) => row.nama },
    ...(national
      ? [{ key: 'instansi', header: t.columns.instansi, render: (row: SanggahNilaiRow) => row.instansi.nama }]
      : []),
    { key: 'komponen', header: t.columns.komponen, sortKey: 'komponen', render: (row) => komponenLabel(row.komponen) },
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
    {
      key: 'diajukan',
      header: t.columns.diajukan,
      sortKey: 'diajukanAt',
      render: (row) => formatTanggal(row.diajukanAt),
    },
    { key: 'status', header: t.columns.status, render: (row) => <StatusSanggahNilaiBadge status={row.status} /> },
    {
      key: 'dijawab',
      header: t.columns.dijawab,
      sortKey: 'dijawabAt',
      render: (row) => (row.dijawabAt ? `${formatTanggal(row.dijawabAt)} · ${row.penjawabNama ?? '–'}` : '–'),
    },
  ];
  return {
    queryKey: ['sanggah-nilai', track],
    spec: SPEC,
    fetch: (state, signal) => postSanggahNilaiList(track, state, signal),
    caption: title,
    columns,
    searchPlaceholder: idList.search,
    filters: [
      ...(national ? [{ kind: 'instansi' as const, key: 'instansiId', path: `/${track}/sanggah-nilai/instansi` }] : []),
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
      statusFilter({
        key: 'status',
        label: t.statusFilter,
        values: STATUS_SANGGAH_NILAI,
        names: t.status,
        colors: STATUS_SANGGAH_NILAI_COLOR,
      }),
    ],
    actions: <Tenggat track={track} tahap="JAWAB_SANGGAH_NILAI" />,
    rowLink: (row) => `/${track}/sanggah-nilai/detail?id=${row.id}`,
    rowLabel: (row) => `${row.nama}, ${komponenLabel(row.komponen)}`,
  };
}

function SanggahNilaiList({ track, title }: { track: TrackId; title: string }) {
  const national = useNational();
  const description = useMemo(() => sanggahNilaiDescription(track, title, national), [track, title, national]);
  return <ListScreen description={description} />;
}

/** /{track}/sanggah-nilai */
export function SanggahNilaiListPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahNilaiList track={page.track} title={page.title} /> : null;
}
