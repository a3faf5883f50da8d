// The verifier's and the supervisor's queues as list descriptions (issue #4, #32), shared by the
// list screens and the detail screens' "next": who holds which row, and the verifier's own work as
// views of the list (each what one dashboard tile counts). Opening a row only reads it.

import { KERJA_SAYA, type PelamarRow, type TrackId } from '@portal/contract';
import { setujuiBanyak } from '../../api/verifikasi';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import type { ColumnDescription, FilterDescription } from '../../ui/list/types';
import { ALASAN_TMS_COLUMN, pelamarListDescription } from '../../ui/pelamar/pelamarList';
import { StatusLabel } from '../../ui/status/StatusBadges';

const t = idVerifikasi;
const s = idSupervisi;

const QUEUE_COLUMNS: ColumnDescription<PelamarRow>[] = [
  {
    key: 'klaim',
    header: t.klaimKolom,
    render: (row) =>
      row.verifikasiKedua === 'MENUNGGU' || row.verifikasiKedua === 'KEPUTUSAN_SAYA' ? (
        <StatusLabel color="grape" variant="outline">
          {t.verifikasiKedua[row.verifikasiKedua]}
          {row.klaimNama ? ` · ${t.dikerjakanOleh(row.klaimNama)}` : ''}
        </StatusLabel>
      ) : row.statusSupervisi === 'DIKEMBALIKAN' ? (
        <StatusLabel color="orange">{t.dikembalikan}</StatusLabel>
      ) : row.klaimSaya ? (
        <StatusLabel variant="outline">{t.diambilAnda}</StatusLabel>
      ) : row.klaimNama ? (
        <StatusLabel color="gray" variant="outline">
          {t.dikerjakanOleh(row.klaimNama)}
        </StatusLabel>
      ) : null,
  },
];

/** Issue #32: the verifier's own work, each view what one dashboard tile counts. */
const KERJA_SAYA_FILTER: FilterDescription = {
  kind: 'select',
  key: 'kerjaSaya',
  label: t.tampilkan,
  placeholder: t.antrean,
  options: KERJA_SAYA.map((value) => ({ value, label: t.kerjaSaya[value] })),
  width: 260,
};

/** The verifier's queue as a list: opening a row only reads it; deciding claims it. */
export const verifikasiQueue = (track: TrackId, title: string) =>
  pelamarListDescription({
    list: 'verifikator',
    track,
    title,
    extraColumns: QUEUE_COLUMNS,
    extraFilters: [KERJA_SAYA_FILTER],
  });

/** An applicant the verifier can work on: not held by a colleague, and waiting or returned to them. */
export const bisaDikerjakan = (row: PelamarRow) =>
  row.klaimSaya ||
  (row.klaimNama === null && row.statusVerifikasi === 'BELUM' && row.verifikasiKedua !== 'KEPUTUSAN_SAYA');

/**
 * The supervisor's reasons column, with (issue #34) whether the decision was verified twice and
 * whether the two agreed – in the same column, so the list keeps its width.
 */
const ALASAN_DAN_KEDUA: ColumnDescription<PelamarRow> = {
  ...ALASAN_TMS_COLUMN,
  render: (row) =>
    row.verifikasiKedua === 'BERBEDA' || row.verifikasiKedua === 'SEPAKAT' ? (
      <>
        {ALASAN_TMS_COLUMN.render(row)}{' '}
        <StatusLabel
          color={row.verifikasiKedua === 'BERBEDA' ? 'red' : 'teal'}
          variant="outline"
          title={t.keduaJudul[row.verifikasiKedua]}
        >
          {t.keduaSingkat[row.verifikasiKedua]}
        </StatusLabel>
      </>
    ) : (
      ALASAN_TMS_COLUMN.render(row)
    ),
};

/** /{track}/supervisi: decisions awaiting review; several can be agreed with at once. */
export const supervisi = (track: TrackId, title: string) =>
  pelamarListDescription({
    list: 'supervisor',
    track,
    title,
    dateFilter: 'tglVerifikasi',
    extraColumns: [ALASAN_DAN_KEDUA],
    bulk: [
      {
        key: 'setujui',
        label: s.setujuiTerpilih,
        color: 'teal',
        title: s.konfirmasiJudul,
        message: s.konfirmasi,
        confirmLabel: s.setujui,
        run: (ids) => setujuiBanyak(track, ids as number[]),
        resultMessage: s.hasil,
      },
    ],
  });
