// The list screens of verification and supervision (issue #4), each the shared applicant list
// (ui/pelamar) with what its users need: the verifier's queue ("Buka berikutnya", who holds which
// row, their own work as views; opening a row only reads it, issue #32), the verifier's recap (decision dates, counts per day), the
// supervisor's queue (reasons shown, bulk agree with a confirmation) and the supervisor's recap.

import { Alert, Button, Skeleton, Table } from '@mantine/core';
import { formatAngka, formatTanggal, type PelamarRow, type TrackId } from '@portal/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getHarian } from '../../api/verifikasi';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { readListState } from '../../table/listState';
import { Kartu } from '../../ui/Kartu';
import { ListScreen } from '../../ui/list/ListScreen';
import { TrackListScreen } from '../../ui/list/TrackListScreen';
import { cariBerikutnya, lanjutUrutan, mulaiUrutan } from '../../ui/list/urutan';
import { ALASAN_TMS_COLUMN, pelamarListDescription } from '../../ui/pelamar/pelamarList';
import { bisaDikerjakan, supervisi, verifikasiQueue } from './antrean';

export { supervisi, verifikasiQueue };

import { showError, showInfo } from '../../ui/toast';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = idVerifikasi;
const s = idSupervisi;

/** /{track}/verifikasi: the queue; "Buka berikutnya" opens the first one in the list's order that is free. */
export function VerifikasiPage() {
  const page = useCurrentPage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const track = page?.track;
  const description = useMemo(() => track && verifikasiQueue(track, page.title), [track, page?.title]);
  const open = useMutation({
    mutationFn: async () => {
      if (!description) return null;
      const state = readListState(params, description.spec);
      mulaiUrutan(description, state);
      return cariBerikutnya<PelamarRow>({
        source: description,
        defaultState: state,
        sekarang: -1,
        bisaDibuka: bisaDikerjakan,
      });
    },
    onSuccess: (next) => {
      if (!next || !description) {
        showInfo(t.antrianKosong);
        return;
      }
      lanjutUrutan(description, readListState(params, description.spec), -1, next);
      void navigate(`/${track}/verifikasi/detail?id=${next.row.id}`);
    },
    onError: (error) => showError(error.message),
  });
  const mutate = open.mutate;
  const screen = useMemo(
    () =>
      description && {
        ...description,
        actions: (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => mutate()}
            loading={open.isPending}
          >
            {t.bukaBerikutnya}
          </Button>
        ),
      },
    [description, mutate, open.isPending],
  );
  return screen ? <ListScreen description={screen} /> : null;
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
                <Table.Td>{formatTanggal(day.tanggal)}</Table.Td>
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
    // What the supervisor reviewed today (their dashboard tile), or everything.
    extraFilters: [
      {
        kind: 'select',
        key: 'kerjaSaya',
        label: t.tampilkan,
        placeholder: s.semuaSaya,
        options: [{ value: 'hari-ini', label: s.hariIniSaya }],
        width: 240,
      },
    ],
    extraColumns: [ALASAN_TMS_COLUMN],
  });

export function RekapSupervisiPage() {
  return <TrackListScreen describe={rekapSupervisi} />;
}
