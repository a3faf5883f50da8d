// The list screens of verification and supervision (issue #4), each the one list machinery with
// what its users need around it: the verifier's queue ("Ambil berikutnya", rows they hold), the
// verifier's recap (decision dates, counts per day), the supervisor's queue (reasons shown, bulk
// agree with a confirmation) and the supervisor's recap (the final lock: ui/verifikasi).

import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { PelamarRow, TrackId } from '@portal/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http';
import { ambilBerikutnya, ambilPelamar, getHarian, setujuiBanyak } from '../../api/verifikasi';
import { formatTanggal } from '../../i18n/format';
import { id } from '../../i18n/id';
import type { Column } from '../../table/DataTable';
import { alasanLabel } from '../../ui/pelamar/pelamar';
import { showError, showInfo, showSuccess } from '../../ui/toast';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { PelamarListPage } from '../pelamar/PelamarListPage';

const t = id.verifikasi;

const QUEUE_COLUMNS: Column<PelamarRow>[] = [
  {
    key: 'klaim',
    header: '',
    render: (row) =>
      row.statusSupervisi === 'DIKEMBALIKAN' ? (
        <Badge color="orange" variant="light">
          {t.dikembalikan}
        </Badge>
      ) : row.klaimSaya ? (
        <Badge variant="outline">{t.diambilAnda}</Badge>
      ) : null,
  },
];

const REASON_COLUMNS: Column<PelamarRow>[] = [
  {
    key: 'alasanTms',
    header: id.supervisi.alasanTms,
    render: (row) => (row.alasanTms ?? []).map(alasanLabel).join('; ') || '–',
  },
];

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
  if (!page || !track) return null;
  return (
    <PelamarListPage
      list="verifikator"
      track={track}
      title={page.title}
      extraColumns={QUEUE_COLUMNS}
      toolbar={
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          onClick={() => open.mutate(null)}
          loading={open.isPending}
        >
          {t.ambilBerikutnya}
        </Button>
      }
      onRowOpen={(row) => open.mutate(row.id)}
    />
  );
}

function HarianPanel({ track }: { track: TrackId }) {
  const query = useQuery({
    queryKey: ['verifikasi-harian', track],
    queryFn: ({ signal }) => getHarian(track, {}, signal),
  });
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {t.harian}
      </Title>
      {query.isPending && <Skeleton h={60} />}
      {query.error && <Alert color="red">{query.error.message}</Alert>}
      {query.data && query.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t.harianKosong}
        </Text>
      )}
      {query.data && query.data.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
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
                  <Table.Td ta="right">{day.ms.toLocaleString('id-ID')}</Table.Td>
                  <Table.Td ta="right">{day.tms.toLocaleString('id-ID')}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {(day.ms + day.tms).toLocaleString('id-ID')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** /{track}/rekap-verifikasi: what this verifier decided (the verifier list's my-verifier mode). */
export function RekapVerifikasiPage() {
  const page = useCurrentPage();
  if (!page?.track) return null;
  return (
    <PelamarListPage
      list="rekap-verifikasi"
      track={page.track}
      title={page.title}
      dateFilter="tglVerifikasi"
      extraColumns={REASON_COLUMNS}
      header={<HarianPanel track={page.track} />}
    />
  );
}

function BulkAgree({ track, ids }: { track: TrackId; ids: number[] }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const s = id.supervisi;
  const agree = useMutation({
    mutationFn: () => setujuiBanyak(track, ids),
    onSuccess: (results) => {
      const failed = results.filter((result) => !result.ok);
      const message = s.hasil(results.length - failed.length, failed.length);
      if (failed.length === 0) showSuccess(message);
      else showError(`${message} ${failed.map((result) => `#${result.id}: ${result.message}`).join(' ')}`);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: ['pelamar'] });
    },
    onError: (error) => showError(error.message),
  });
  return (
    <>
      <Button color="teal" size="sm" onClick={() => setConfirming(true)}>
        {s.setujuiTerpilih(ids.length)}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={s.konfirmasiJudul} centered>
        <Stack>
          <Text size="sm">{s.konfirmasi(ids.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {s.batal}
            </Button>
            <Button color="teal" onClick={() => agree.mutate()} loading={agree.isPending} data-autofocus>
              {s.setujui}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /{track}/supervisi: decisions awaiting review. */
export function SupervisiPage() {
  const page = useCurrentPage();
  const track = page?.track;
  if (!page || !track) return null;
  return (
    <PelamarListPage
      list="supervisor"
      track={track}
      title={page.title}
      dateFilter="tglVerifikasi"
      extraColumns={REASON_COLUMNS}
      bulk={(ids) => <BulkAgree track={track} ids={ids} />}
    />
  );
}

/** /{track}/rekap-supervisi: what this supervisor reviewed. */
export function RekapSupervisiPage() {
  const page = useCurrentPage();
  if (!page?.track) return null;
  return (
    <PelamarListPage
      list="my-supervisi"
      track={page.track}
      title={page.title}
      dateFilter="tglVerifikasi"
      extraColumns={REASON_COLUMNS}
    />
  );
}
