// One Non-ASN record (issue #5), `/pppk/rekap-nonasn/detail?id=…`: its data, the instansi's answer,
// the answer form for the instansi's admins inside the window (on the version shown: a 409 says so
// and offers a reload), and the audit trail of every answer.

import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { KATEGORI_NONASN_NAMA, type KeputusanKonfirmasi, type NonAsnDetail, SUMBER_DANA_NAMA } from '@portal/contract';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http';
import { getNonAsnDetail, konfirmasiNonAsn } from '../../api/nonasn';
import { showSuccess } from '../../app/toast';
import { formatTanggal, formatWaktu } from '../../i18n/format';
import { id } from '../../i18n/id';
import { Tenggat } from '../jadwal/Tenggat';
import { type JawabanFields, JawabanInputs, KonfirmasiBadge, masalahJawaban, useBolehKonfirmasi } from './shared';

const t = id.nonasn;
const d = t.detail;
const LIST_PATH = '/pppk/rekap-nonasn';

const detailQuery = (nonAsnId: number) => ({
  queryKey: ['nonasn-detail', nonAsnId] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getNonAsnDetail(nonAsnId, signal),
});

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" w={170} style={{ flex: 'none' }}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The answer form: proposed or not, the reason, the SPTJM statement; sent on the version shown. */
function JawabForm({ detail, onReload }: { detail: NonAsnDetail; onReload: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<KeputusanKonfirmasi>(
    detail.statusKonfirmasi === 'DIKONFIRMASI' ? 'TIDAK_DIUSULKAN' : 'DIKONFIRMASI',
  );
  const [fields, setFields] = useState<JawabanFields>({ alasan: '', sptjm: false });
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const changing = detail.statusKonfirmasi !== 'BELUM';
  const save = useMutation({
    mutationFn: () =>
      konfirmasiNonAsn(detail.id, {
        status,
        alasan: fields.alasan.trim() || null,
        version: detail.version,
        sptjm: true,
      }),
    onSuccess: () => {
      showSuccess(t.tersimpan);
      void queryClient.invalidateQueries({ queryKey: ['nonasn'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard-konfirmasi'] });
      void queryClient.invalidateQueries({ queryKey: ['nonasn-detail', detail.id] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.code === 'KONFLIK_VERSI') setConflict(true);
      else setProblem(error.message);
    },
  });
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {changing ? d.formJudul : d.jawaban}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const masalah = masalahJawaban(status, fields, changing);
          if (masalah) setProblem(masalah);
          else save.mutate();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t.columns.status}
            value={status}
            onChange={(next) => {
              setProblem(null);
              setStatus(next as KeputusanKonfirmasi);
            }}
            data={[
              { value: 'DIKONFIRMASI', label: t.konfirmasi },
              { value: 'TIDAK_DIUSULKAN', label: t.tidakDiusulkan },
            ]}
          />
          <JawabanInputs
            status={status}
            value={fields}
            needsReason={changing}
            onChange={(next) => {
              setProblem(null);
              setFields(next);
            }}
            problem={problem}
          />
          {conflict && (
            <Alert color="orange" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t.konflik}</Text>
                <Button size="xs" variant="white" color="orange" onClick={onReload}>
                  {t.muatUlang}
                </Button>
              </Group>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" color={status === 'TIDAK_DIUSULKAN' ? 'red' : 'teal'} loading={save.isPending}>
              {t.simpan}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Detail({ detail, onReload }: { detail: NonAsnDetail; onReload: () => void }) {
  const { boleh, alasan: tidakBoleh } = useBolehKonfirmasi();
  const f = d.fields;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={2} size="h4" data-testid="nama-nonasn">
              {detail.nama}
            </Title>
            <Text size="sm" c="dimmed">
              NIK {detail.nik} · {detail.instansi.nama}
            </Text>
          </div>
          <Group gap="sm">
            <Tenggat track="pppk" tahap="KONFIRMASI_NONASN" />
            <KonfirmasiBadge status={detail.statusKonfirmasi} />
          </Group>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">
            {d.data}
          </Title>
          <Fields
            rows={[
              [f.nik, detail.nik],
              [f.lahir, `${detail.tempatLahir}, ${formatTanggal(detail.tanggalLahir, 'long')}`],
              [f.instansi, detail.instansi.nama],
              [f.unitKerja, detail.unitKerja],
              [f.jabatan, detail.jabatan],
              [f.masaKerja, t.masaKerja(detail.masaKerjaBulan)],
              [f.kategori, KATEGORI_NONASN_NAMA[detail.kategori]],
              [f.sk, `${detail.noSk} · ${formatTanggal(detail.tglSk, 'long')}`],
              [f.sumberDana, SUMBER_DANA_NAMA[detail.sumberDana]],
            ]}
          />
        </Paper>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="sm">
              {d.jawaban}
            </Title>
            <Fields
              rows={[
                [f.status, <KonfirmasiBadge key="status" status={detail.statusKonfirmasi} />],
                [f.alasan, detail.alasan ?? '–'],
                [
                  f.oleh,
                  detail.dikonfirmasiOleh ? `${detail.dikonfirmasiOleh} · ${formatWaktu(detail.dikonfirmasiAt)}` : '–',
                ],
              ]}
            />
          </Paper>
          {boleh ? (
            <JawabForm key={detail.version} detail={detail} onReload={onReload} />
          ) : (
            tidakBoleh && (
              <Alert color="gray" p="sm">
                {tidakBoleh}
              </Alert>
            )
          )}
        </Stack>
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">
          {d.riwayat}
        </Title>
        {detail.riwayat.length === 0 ? (
          <Text size="sm" c="dimmed">
            {d.riwayatKosong}
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} aria-label={d.riwayat}>
            {detail.riwayat.map((event, index) => (
              <Timeline.Item
                // biome-ignore lint/suspicious/noArrayIndexKey: the trail is append-only, its order fixed
                key={index}
                title={`${t.aksi[event.aksi] ?? event.aksi}: ${event.dari ? `${t.status[event.dari as keyof typeof t.status] ?? event.dari} → ` : ''}${event.ke ? (t.status[event.ke as keyof typeof t.status] ?? event.ke) : ''}`}
              >
                <Text size="xs" c="dimmed">
                  {event.oleh ?? '–'} · {formatWaktu(event.at)}
                </Text>
                {event.alasan && <Text size="sm">{event.alasan}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}

export function NonAsnDetailPage() {
  const [params] = useSearchParams();
  const nonAsnId = Number(params.get('id'));
  const valid = Number.isInteger(nonAsnId) && nonAsnId > 0;
  const query = useQuery({ ...detailQuery(nonAsnId), enabled: valid });
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to={LIST_PATH} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {d.back}
          </Group>
        </Anchor>
      </div>
      {!valid && <Alert color="gray">{d.missingId}</Alert>}
      {valid && query.isPending && <Skeleton h={320} />}
      {query.error && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {query.error instanceof ApiError && query.error.status === 404 ? d.notFound : query.error.message}
        </Alert>
      )}
      {query.data && <Detail detail={query.data} onReload={() => void query.refetch()} />}
    </Stack>
  );
}
