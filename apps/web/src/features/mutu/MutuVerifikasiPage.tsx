// /{track}/mutu-verifikasi (issue #34): the quality of the track's verification – per verifier
// (decisions, median time from claim to save, share returned by the supervisor, agreement and
// Cohen's kappa with the blind second verification, TMS overturned on objection), per TMS reason
// and per day – for the instansi's supervisors, admins and monitors, and nationally for BKN's
// wasdal and the national monitor (every instansi, or one). The span and the instansi are in the
// address, so a reload or a shared link shows the same view; the per-verifier table downloads.

import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  formatAngka,
  formatBagian,
  formatPersen,
  formatTanggal,
  type MutuQuery,
  type MutuVerifikasi,
  PASANGAN_MINIMUM,
  type TrackId,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { getMutu, unduhMutu } from '../../api/mutu';
import { idMutu } from '../../i18n/mutu';
import { ExportButtons } from '../../table/ExportButtons';
import { DateField } from '../../ui/DateField';
import { alasanLabel } from '../../ui/pelamar/pelamar';
import { SimpleTable } from '../../ui/SimpleTable';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = idMutu;
const k = t.kolom;

const detik = (n: number | null) => (n === null ? '–' : t.detik(formatAngka(Math.round(n), 0)));

function PerVerifikator({ data }: { data: MutuVerifikasi }) {
  return (
    <SimpleTable
      label={t.perVerifikator}
      caption
      focusable
      minWidth={900}
      head={[
        k.verifikator,
        k.keputusan,
        k.tms,
        k.median,
        k.dikembalikan,
        k.kedua,
        k.kesepakatan,
        k.kappa,
        k.dibatalkan,
      ]}
      rows={data.verifikator}
      rowKey={(v) => v.verifikatorId}
      cells={(v) => [
        v.nama,
        formatAngka(v.keputusan, 0),
        formatAngka(v.tms, 0),
        detik(v.medianDetik),
        v.disupervisi === 0
          ? '–'
          : t.dariDisupervisi(formatBagian(v.dikembalikan, v.disupervisi), formatAngka(v.disupervisi, 0)),
        t.pasangan(formatAngka(v.pasangan, 0)),
        v.cukup && v.kesepakatan !== null ? (
          formatPersen(v.kesepakatan * 100)
        ) : (
          <Text size="sm" c="dimmed" key="kesepakatan">
            {v.pasangan === 0 ? '–' : t.terlaluSedikit(formatAngka(PASANGAN_MINIMUM, 0))}
          </Text>
        ),
        v.cukup && v.kappa !== null ? formatAngka(v.kappa, 2) : '–',
        formatAngka(v.dibatalkanSanggah, 0),
      ]}
    />
  );
}

function PerAlasan({ data }: { data: MutuVerifikasi }) {
  return (
    <SimpleTable
      label={t.perAlasan}
      caption
      focusable
      head={[k.alasan, k.dipakai, k.dikembalikan, k.dibatalkan]}
      rows={data.alasan}
      rowKey={(a) => a.alasan}
      cells={(a) => [
        alasanLabel(a.alasan),
        formatAngka(a.dipakai, 0),
        formatAngka(a.dikembalikan, 0),
        formatAngka(a.dibatalkanSanggah, 0),
      ]}
    />
  );
}

function PerHari({ data }: { data: MutuVerifikasi }) {
  return (
    <SimpleTable
      label={t.perHari}
      caption
      focusable
      head={[k.hari, k.keputusan, k.dikembalikan, k.median]}
      rows={[...data.harian].reverse()}
      rowKey={(h) => h.hari}
      cells={(h) => [
        formatTanggal(h.hari),
        formatAngka(h.keputusan, 0),
        formatAngka(h.dikembalikan, 0),
        detik(h.medianDetik),
      ]}
    />
  );
}

function Mutu({ track }: { track: TrackId }) {
  const [params, setParams] = useSearchParams();
  const query: MutuQuery = {
    dari: params.get('dari') || undefined,
    sampai: params.get('sampai') || undefined,
    instansiId: params.get('instansi') ? Number(params.get('instansi')) : undefined,
  };
  const set = (key: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const result = useQuery({
    queryKey: ['mutu-verifikasi', track, query],
    queryFn: ({ signal }) => getMutu(track, query, signal),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.penjelasan}
      </Text>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateField label={t.dari} value={query.dari ?? ''} onChange={(v) => set('dari', v)} w={180} clearable />
          <DateField
            label={t.sampai}
            value={query.sampai ?? ''}
            onChange={(v) => set('sampai', v)}
            w={180}
            clearable
            minDate={query.dari}
          />
          {data?.instansi && (
            <Select
              label={t.instansi}
              placeholder={t.semuaInstansi}
              data={data.instansi.map((i) => ({ value: String(i.id), label: i.nama }))}
              value={query.instansiId ? String(query.instansiId) : null}
              onChange={(v) => set('instansi', v)}
              searchable
              clearable
              w={320}
            />
          )}
          <ExportButtons
            disabled={!data || data.verifikator.length === 0}
            fileName={(format) => `mutu-verifikasi-${track}.${format}`}
            download={(format, onProgress, signal) => unduhMutu(track, query, format, onProgress, signal)}
          />
        </Group>
      </Paper>
      {result.isError && !data ? (
        <Alert color="red" title={t.gagal}>
          <Button variant="light" size="xs" onClick={() => void result.refetch()}>
            {t.cobaLagi}
          </Button>
        </Alert>
      ) : !data ? (
        <Stack gap="xs" role="status">
          <Text size="sm" c="dimmed">
            {t.memuat}
          </Text>
          <Skeleton h={240} />
        </Stack>
      ) : data.verifikator.length === 0 ? (
        <Paper withBorder p="md">
          <Text>{t.kosong}</Text>
        </Paper>
      ) : (
        <Stack gap="md" aria-busy={result.isFetching}>
          <Paper withBorder p="md">
            <Stack gap="xs">
              <PerVerifikator data={data} />
              <Text size="xs" c="dimmed">
                {t.kappaPenjelasan}
              </Text>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <PerAlasan data={data} />
          </Paper>
          <Paper withBorder p="md">
            <PerHari data={data} />
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}

export function MutuVerifikasiPage() {
  const track = useCurrentPage()?.track;
  return track ? <Mutu track={track} /> : null;
}
