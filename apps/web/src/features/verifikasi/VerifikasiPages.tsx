// The list screens of verification and supervision (issue #4), each the shared applicant list
// (ui/pelamar) with what its users need: the verifier's queue ("Ambil berikutnya", rows they hold;
// opening a row claims it), the verifier's recap (decision dates, counts per day), the
// supervisor's queue (reasons shown, bulk agree with a confirmation) and the supervisor's recap.

import { Alert, Button, Skeleton, Table } from '@mantine/core';
import type { PelamarRow, TrackId } from '@portal/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http';
import { ambilBerikutnya, ambilPelamar, getHarian, setujuiBanyak } from '../../api/verifikasi';
import { formatTanggal } from '../../i18n/format';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { Kartu } from '../../ui/Kartu';
import { formatAngka } from '../../ui/list/format';
import { ListScreen } from '../../ui/list/ListScreen';
import { TrackListScreen } from '../../ui/list/TrackListScreen';
import type { ColumnDescription } from '../../ui/list/types';
import { ALASAN_TMS_COLUMN, pelamarListDescription } from '../../ui/pelamar/pelamarList';
import { StatusLabel } from '../../ui/status/StatusBadges';
import { showError, showInfo } from '../../ui/toast';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = idVerifikasi;
const s = idSupervisi;

const QUEUE_COLUMNS: ColumnDescription<PelamarRow>[] = [
  {
    key: 'klaim',
    header: t.klaimKolom,
    render: (row) =>
      row.statusSupervisi === 'DIKEMBALIKAN' ? (
        <StatusLabel color="orange">{t.dikembalikan}</StatusLabel>
      ) : row.klaimSaya ? (
        <StatusLabel variant="outline">{t.diambilAnda}</StatusLabel>
      ) : null,
  },
];

/** The verifier's queue as a list; the page adds claiming. */
export const verifikasiQueue = (track: TrackId, title: string) =>
  pelamarListDescription({ list: 'verifikator', track, title, extraColumns: QUEUE_COLUMNS });

/** /{track}/verifikasi: the queue; "Ambil berikutnya" or a row claims and opens the work screen. */
export function VerifikasiPage() {
  const page = useCurrentPage();
  const navigate = useNavigate();
  const track = page?.track;
  const open = useMutation({
    mutationFn: (pelamarId: number | null) =>
      pelamarId === null ? ambilBerikutnya(track as TrackId) : ambilPelamar(track as TrackId, pelamarId),
    onSuccess: (claimed) => void navigate(`/${track}/verifikasi/detail?id=${claimed.id}`),
    onError: (error) =>
      error instanceof ApiError && error.code === 'ANTRIAN_KOSONG'
        ? showInfo(t.antrianKosong)
        : showError(error.message),
  });
  const mutate = open.mutate;
  const description = useMemo(
    () =>
      track && {
        ...verifikasiQueue(track, page.title),
        onRowOpen: (row: PelamarRow) => mutate(row.id),
        actions: (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => mutate(null)}
            loading={open.isPending}
          >
            {t.ambilBerikutnya}
          </Button>
        ),
      },
    [track, page?.title, mutate, open.isPending],
  );
  return description ? <ListScreen description={description} /> : null;
}

function HarianPanel({ track }: { track: TrackId }) {
  const query = useQuery({
    queryKey: ['verifikasi-harian', track],
    queryFn: ({ signal }) => getHarian(track, {}, signal),
  });
  return (
    <Kartu title={t.harian} empty={query.data?.length === 0 && t.harianKosong}>
      {query.isPending && <Skeleton h={60} />}
      {query.error && <Alert color="red">{query.error.message}</Alert>}
      {query.data && query.data.length > 0 && (
        <Table fz="sm" verticalSpacing={4} aria-label={t.harian} maw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.tanggal}</Table.Th>
              <Table.Th ta="right">MS</Table.Th>
              <Table.Th ta="right">TMS</Table.Th>
              <Table.Th ta="right">{t.jumlah}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.slice(0, 14).map((day) => (
              <Table.Tr key={day.tanggal}>
                <Table.Td>{formatTanggal(day.tanggal, 'long')}</Table.Td>
                <Table.Td ta="right">{formatAngka(day.ms)}</Table.Td>
                <Table.Td ta="right">{formatAngka(day.tms)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatAngka(day.ms + day.tms)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Kartu>
  );
}

/** /{track}/rekap-verifikasi: what this verifier decided (the verifier list's my-verifier mode). */
export const rekapVerifikasi = (track: TrackId, title: string) =>
  pelamarListDescription({
    list: 'rekap-verifikasi',
    track,
    title,
    dateFilter: 'tglVerifikasi',
    extraColumns: [ALASAN_TMS_COLUMN],
    header: <HarianPanel track={track} />,
  });

export function RekapVerifikasiPage() {
  return <TrackListScreen describe={rekapVerifikasi} />;
}

/** /{track}/supervisi: decisions awaiting review; several can be agreed with at once. */
export const supervisi = (track: TrackId, title: string) =>
  pelamarListDescription({
    list: 'supervisor',
    track,
    title,
    dateFilter: 'tglVerifikasi',
    extraColumns: [ALASAN_TMS_COLUMN],
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

export function SupervisiPage() {
  return <TrackListScreen describe={supervisi} />;
}

/** /{track}/rekap-supervisi: what this supervisor reviewed. */
export const rekapSupervisi = (track: TrackId, title: string) =>
  pelamarListDescription({
    list: 'my-supervisi',
    track,
    title,
    dateFilter: 'tglVerifikasi',
    extraColumns: [ALASAN_TMS_COLUMN],
  });

export function RekapSupervisiPage() {
  return <TrackListScreen describe={rekapSupervisi} />;
}
