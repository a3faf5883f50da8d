// The objection lists (issue #5) as descriptions: Jawab Sanggah (`/{track}/sanggah`; every
// instansi for wasdal), Sanggah Afirmasi (`/{track}/sanggah-afirmasi`) and the Nakes admin's reset
// list (`/nakes/admin-reset-jawab-sanggah`, bulk reset with a reason); a row opens its detail.

import { Textarea } from '@mantine/core';
import {
  SANGGAH_FILTER_KEYS,
  SANGGAH_LISTS,
  SANGGAH_SORT_COLUMNS,
  type SanggahList,
  type SanggahRow,
  type SanggahSummary,
  STATUS_SANGGAH,
  type TrackId,
} from '@portal/contract';
import { useMemo } from 'react';
import { postSanggahList, resetSanggah } from '../../api/sanggah';
import { useNational } from '../../auth/useNational';
import { idList } from '../../i18n/list';
import { idSanggah } from '../../i18n/sanggah';
import type { ListSpec } from '../../table/listState';
import { formatWaktu } from '../../ui/list/format';
import { ListScreen } from '../../ui/list/ListScreen';
import { statusFilter } from '../../ui/list/statusFilter';
import type { ColumnDescription, ListDescription } from '../../ui/list/types';
import { CekBadge, STATUS_SANGGAH_COLOR, StatusSanggahBadge } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = idSanggah;
const SPEC: ListSpec = { filterKeys: SANGGAH_FILTER_KEYS, sortColumns: SANGGAH_SORT_COLUMNS };
const MIN_ALASAN = 5;

function sanggahDescription(
  list: SanggahList,
  track: TrackId,
  title: string,
  national: boolean,
): ListDescription<SanggahRow, SanggahSummary> {
  const afirmasi = list === 'afirmasi';
  const columns: ColumnDescription<SanggahRow>[] = [
    { key: 'noPeserta', header: t.columns.noPeserta, render: (row) => row.noPeserta },
    { key: 'nama', header: t.columns.nama, sortKey: 'nama', primary: true, render: (row) => row.nama },
    { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
    ...(national
      ? [{ key: 'instansi', header: t.columns.instansi, render: (row: SanggahRow) => row.instansi.nama }]
      : []),
    {
      key: 'diajukan',
      header: t.columns.diajukan,
      sortKey: 'diajukanAt',
      render: (row) => formatWaktu(row.diajukanAt),
    },
    { key: 'butir', header: t.columns.butir, render: (row) => row.jumlahButir },
    { key: 'status', header: t.columns.status, render: (row) => <StatusSanggahBadge status={row.status} /> },
    {
      key: 'dijawab',
      header: t.columns.dijawab,
      sortKey: 'dijawabAt',
      render: (row) => (row.dijawabAt ? `${formatWaktu(row.dijawabAt)} · ${row.penjawabNama ?? '–'}` : '–'),
    },
    ...(afirmasi
      ? []
      : [
          {
            key: 'cek',
            header: t.columns.cek,
            render: (row: SanggahRow) => (row.status === 'DIAJUKAN' ? '–' : <CekBadge cek={row.cek} />),
          },
        ]),
  ];
  return {
    queryKey: ['sanggah', track, list],
    spec: SPEC,
    fetch: (state, signal) => postSanggahList(track, list, state, signal),
    caption: title,
    columns,
    searchPlaceholder: idList.search,
    filters: [
      ...(national
        ? [{ kind: 'instansi' as const, key: 'instansiId', path: `/${track}/${SANGGAH_LISTS[list].segment}/instansi` }]
        : []),
      ...(afirmasi
        ? []
        : [
            {
              kind: 'select' as const,
              key: 'cek',
              label: t.cekFilter,
              placeholder: t.semuaCek,
              options: ['BELUM', 'DIPERIKSA', 'DITANDAI'].map((value) => ({ value, label: t.cek[value] ?? value })),
              width: 200,
            },
          ]),
      statusFilter({
        key: 'status',
        label: t.statusFilter,
        values: STATUS_SANGGAH,
        names: t.status,
        colors: STATUS_SANGGAH_COLOR,
      }),
    ],
    actions: <Tenggat track={track} tahap={afirmasi ? 'JAWAB_SANGGAH_AFIRMASI' : 'JAWAB_SANGGAH'} />,
    rowLink: (row) => `/${track}/${SANGGAH_LISTS[list].screen}/detail?id=${row.id}`,
    rowLabel: (row) => row.nama,
    bulk:
      list === 'reset'
        ? [
            {
              key: 'reset',
              label: t.resetTerpilih,
              color: 'orange',
              title: t.resetJudul,
              message: t.resetPenjelasan,
              confirmLabel: t.reset,
              initialValues: { alasan: '' },
              fields: ({ values, onChange }) => (
                <Textarea
                  label={t.alasanReset}
                  autosize
                  minRows={2}
                  maxLength={2000}
                  value={String(values.alasan ?? '')}
                  onChange={(event) => onChange({ ...values, alasan: event.currentTarget.value })}
                  data-autofocus
                />
              ),
              ready: (values) => String(values.alasan ?? '').trim().length >= MIN_ALASAN,
              run: (ids, values) => resetSanggah(track, ids as number[], String(values.alasan).trim()),
              resultMessage: t.resetHasil,
            },
          ]
        : undefined,
  };
}

function SanggahListPage({ list, track, title }: { list: SanggahList; track: TrackId; title: string }) {
  const national = useNational();
  const description = useMemo(() => sanggahDescription(list, track, title, national), [list, track, title, national]);
  return <ListScreen description={description} />;
}

/** /{track}/sanggah */
export function JawabSanggahPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahListPage list="jawab" track={page.track} title={page.title} /> : null;
}

/** /nakes/admin-reset-jawab-sanggah */
export function ResetJawabSanggahPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahListPage list="reset" track={page.track} title={page.title} /> : null;
}

/** /{track}/sanggah-afirmasi */
export function SanggahAfirmasiPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahListPage list="afirmasi" track={page.track} title={page.title} /> : null;
}
