// The objection lists (issue #5) as descriptions, shared by the list screens and the detail's
// "next" (issue #32): Jawab Sanggah (every instansi for wasdal; an answerer lands on the waiting
// ones), Sanggah Afirmasi and the Nakes admin's reset list (bulk reset with a reason).

import {
  SANGGAH_FILTER_KEYS,
  SANGGAH_LISTS,
  SANGGAH_SORT_COLUMNS,
  type SanggahList,
  type SanggahRow,
  STATUS_SANGGAH,
  type TrackId,
} from '@portal/contract';
import { getSanggah, postSanggahList, resetSanggah } from '../../api/sanggah';
import { idSanggah } from '../../i18n/sanggah';
import { ReasonText } from '../../ui/decision/fields';
import { instansiColumn, pelamarColumns, pengajuanList, waktuColumn } from '../../ui/pengajuanList';
import { CekBadge, STATUS_SANGGAH_COLOR, StatusSanggahBadge } from '../../ui/status/StatusBadges';

const t = idSanggah;
const MIN_ALASAN = 5;

export function sanggahDescription(list: SanggahList, track: TrackId, title: string, national: boolean) {
  const afirmasi = list === 'afirmasi';
  return pengajuanList({
    track,
    title,
    queryKey: ['sanggah', track, list],
    filterKeys: SANGGAH_FILTER_KEYS,
    sortColumns: SANGGAH_SORT_COLUMNS,
    fetch: (state, signal) => postSanggahList(track, list, state, signal),
    columns: [
      ...pelamarColumns<SanggahRow>(t.columns),
      { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
      ...instansiColumn<SanggahRow>(national, t.columns.instansi),
      waktuColumn('diajukan', t.columns.diajukan),
      { key: 'butir', header: t.columns.butir, render: (row) => row.jumlahButir },
      { key: 'status', header: t.columns.status, render: (row) => <StatusSanggahBadge status={row.status} /> },
      waktuColumn('dijawab', t.columns.dijawab, { by: (row: SanggahRow) => row.penjawabNama }),
      ...(afirmasi
        ? []
        : [
            {
              key: 'cek',
              header: t.columns.cek,
              render: (row: SanggahRow) => (row.status === 'DIAJUKAN' ? '–' : <CekBadge cek={row.cek} />),
            },
          ]),
    ],
    instansiPath: national ? `/${track}/${SANGGAH_LISTS[list].segment}/instansi` : undefined,
    filters: [
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
    ],
    status: { label: t.statusFilter, values: STATUS_SANGGAH, names: t.status, colors: STATUS_SANGGAH_COLOR },
    tahap: afirmasi ? 'JAWAB_SANGGAH_AFIRMASI' : 'JAWAB_SANGGAH',
    // Whoever answers lands on what still waits for an answer (issue #32); wasdal checks answers.
    initialFilter: list !== 'reset' && !national ? { status: 'DIAJUKAN' } : undefined,
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
                <ReasonText
                  label={t.alasanReset}
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
  });
}

/** One objection's detail as the detail page reads it (and "next" loads it ahead). */
export const sanggahDetailQuery = (track: TrackId, list: SanggahList, id: number) => ({
  queryKey: ['sanggah-detail', track, list, id] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getSanggah(track, list, id, signal),
});
