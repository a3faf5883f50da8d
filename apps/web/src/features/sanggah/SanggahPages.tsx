// The objection lists (issue #5) as descriptions: Jawab Sanggah (`/{track}/sanggah`; every
// instansi for wasdal), Sanggah Afirmasi (`/{track}/sanggah-afirmasi`) and the Nakes admin's reset
// list (`/nakes/admin-reset-jawab-sanggah`, bulk reset with a reason); a row opens its detail.

import {
  SANGGAH_FILTER_KEYS,
  SANGGAH_LISTS,
  SANGGAH_SORT_COLUMNS,
  type SanggahList,
  type SanggahRow,
  STATUS_SANGGAH,
  type TrackId,
} from '@portal/contract';
import { postSanggahList, resetSanggah } from '../../api/sanggah';
import { idSanggah } from '../../i18n/sanggah';
import { ReasonText } from '../../ui/decision/fields';
import { NationalListScreen } from '../../ui/NationalListScreen';
import { instansiColumn, pelamarColumns, pengajuanList, waktuColumn } from '../../ui/pengajuanList';
import { CekBadge, STATUS_SANGGAH_COLOR, StatusSanggahBadge } from '../../ui/status/StatusBadges';

const t = idSanggah;
const MIN_ALASAN = 5;

function sanggahDescription(list: SanggahList, track: TrackId, title: string, national: boolean) {
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

export const jawab = (track: TrackId, title: string, national: boolean) =>
  sanggahDescription('jawab', track, title, national);
export const reset = (track: TrackId, title: string, national: boolean) =>
  sanggahDescription('reset', track, title, national);
export const afirmasi = (track: TrackId, title: string, national: boolean) =>
  sanggahDescription('afirmasi', track, title, national);

/** /{track}/sanggah */
export function JawabSanggahPage() {
  return <NationalListScreen describe={jawab} />;
}

/** /nakes/admin-reset-jawab-sanggah */
export function ResetJawabSanggahPage() {
  return <NationalListScreen describe={reset} />;
}

/** /{track}/sanggah-afirmasi */
export function SanggahAfirmasiPage() {
  return <NationalListScreen describe={afirmasi} />;
}
