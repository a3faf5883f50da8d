// One affirmation claim (issue #5), `/{pppk,nakes}/afirmasi-admin/detail?id=…`: the claim and the
// applicant's other claims, the AFIRMASI score they make and the track's rule, the applicant's
// data that the categories depend on, the evidence in the viewer, the checker's decision (V / T,
// reason required, draft kept until saved, Ctrl+Enter, a confirmation naming the score's change,
// 409 shown with a reload) and the applicant's trail.

import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useHotkeys, useLocalStorage } from '@mantine/hooks';
import {
  type AfirmasiDetail,
  type AfirmasiTrack,
  ATURAN_AFIRMASI,
  isAfirmasiTrack,
  type KategoriAfirmasi,
  nilaiAfirmasi,
  nilaiMaksTeknis,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afirmasiBuktiPath, getAfirmasi, periksaAfirmasi } from '../../api/afirmasi';
import { ApiError } from '../../api/http';
import { showSuccess } from '../../app/toast';
import { formatTanggal, formatWaktu } from '../../i18n/format';
import { id } from '../../i18n/id';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { Tenggat } from '../jadwal/Tenggat';
import { useCurrentPage } from '../tracks/useTrack';
import { BerkasView, namaLengkap, RiwayatPanel } from '../verifikasi/shared';
import { StatusAfirmasiBadge } from './AfirmasiPages';

const t = id.afirmasi;
type Keputusan = 'VALID' | 'TIDAK_VALID';

function Keputusan({
  detail,
  track,
  onConflict,
}: {
  detail: AfirmasiDetail;
  track: AfirmasiTrack;
  onConflict: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft, clearDraft] = useLocalStorage<{ status: Keputusan | null; alasan: string }>({
    key: `afirmasi-draft:${detail.id}:${detail.version}`,
    defaultValue: { status: null, alasan: '' },
    getInitialValueInEffect: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      periksaAfirmasi(track, detail.id, {
        version: detail.version,
        status: draft.status as Keputusan,
        alasan: draft.alasan.trim(),
      }),
    onSuccess: (result) => {
      clearDraft();
      setConfirming(false);
      showSuccess(t.tersimpan(result.nilaiLama, result.nilaiBaru));
      void queryClient.invalidateQueries({ queryKey: ['afirmasi'] });
      void queryClient.invalidateQueries({ queryKey: ['afirmasi-detail'] });
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.status === 409) onConflict();
      else setProblem(error.message);
    },
  });
  const submit = () => {
    if (!draft.status || draft.alasan.trim().length < 5) setProblem(t.alasanWajib);
    else setConfirming(true);
  };
  const choose = (status: Keputusan) => {
    setProblem(null);
    setDraft((current) => ({ ...current, status }));
  };
  useHotkeys([
    ['v', () => choose('VALID')],
    ['t', () => choose('TIDAK_VALID')],
  ]);
  useHotkeys([['mod+Enter', submit]], []);
  // What the score would be with this claim VALID (the confirmation names it).
  const validNow = detail.klaim
    .filter((klaim) => klaim.status === 'VALID' || klaim.id === detail.id)
    .map((klaim) => klaim.kategori as KategoriAfirmasi);
  const nilaiJikaValid = nilaiAfirmasi(track, validNow).toFixed(2);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t.keputusan}
        </Title>
        <SegmentedControl
          aria-label={t.keputusan}
          data={[
            { value: 'VALID', label: t.valid },
            { value: 'TIDAK_VALID', label: t.tidakValid },
          ]}
          value={draft.status ?? ''}
          onChange={(value) => choose(value as Keputusan)}
          color={draft.status === 'TIDAK_VALID' ? 'red' : 'teal'}
        />
        <Textarea
          label={t.alasan}
          autosize
          minRows={2}
          maxLength={2000}
          value={draft.alasan}
          onChange={(event) => {
            setProblem(null);
            const alasan = event.currentTarget.value;
            setDraft((current) => ({ ...current, alasan }));
          }}
        />
        {problem && (
          <Alert color="red" p="xs" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t.pintasan}
          </Text>
          <Button onClick={submit}>{t.simpan}</Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t.konfirmasiJudul} centered>
        <Stack>
          <Text size="sm">
            {draft.status === 'VALID'
              ? t.akibatValid(`${detail.nilaiAfirmasi ?? '0.00'} → ${nilaiJikaValid}`)
              : t.akibatTidakValid}
          </Text>
          <Text size="sm">{t.konfirmasi}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.batal}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()} data-autofocus>
              {t.simpan}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function Klaim({ detail, track, onReload }: { detail: AfirmasiDetail; track: AfirmasiTrack; onReload: () => void }) {
  const [conflict, setConflict] = useState(false);
  const pelamar = detail.pelamar;
  const aturan = ATURAN_AFIRMASI[track];
  const f = id.pelamar.detail.fields;
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" data-testid="nama-pelamar">
              {namaLengkap(pelamar)}
            </Title>
            <Text size="sm" c="dimmed">
              {pelamar.noPeserta} · NIK {pelamar.nik} · {pelamar.jabatanNama}
            </Text>
            <Text size="sm" fw={500} mt={4}>
              {t.kategori[detail.kategori]} · {t.persen(detail.persen)}
            </Text>
          </div>
          <Group gap="xs">
            <span data-testid="status-afirmasi">
              <StatusAfirmasiBadge status={detail.status} />
            </span>
            {detail.status === 'BELUM' && <Tenggat track={track} tahap="AFIRMASI" />}
          </Group>
        </Group>
      </Paper>
      {conflict && (
        <Alert color="orange" role="alert" title={t.konflik}>
          <Button size="xs" variant="light" onClick={onReload}>
            {id.sanggah.muatUlang}
          </Button>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="sm">
              <Group justify="space-between" mb={4}>
                <Text size="sm">{t.nilaiAfirmasi}</Text>
                <Text fw={700} size="lg" data-testid="nilai-afirmasi">
                  {detail.nilaiAfirmasi ?? t.belumAdaNilai}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t.aturan(aturan.batasPersen, nilaiMaksTeknis(track))}
              </Text>
            </Paper>
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb="xs">
                {t.klaimLain}
              </Title>
              <Table fz="sm" verticalSpacing={4}>
                <Table.Tbody>
                  {detail.klaim.map((klaim) => (
                    <Table.Tr key={klaim.id} fw={klaim.id === detail.id ? 600 : undefined}>
                      <Table.Td>{t.kategori[klaim.kategori]}</Table.Td>
                      <Table.Td>{klaim.persen}%</Table.Td>
                      <Table.Td>
                        <StatusAfirmasiBadge status={klaim.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            <Paper withBorder p="sm">
              <Table fz="sm" verticalSpacing={4}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w="45%">{f.lahirKtp}</Table.Th>
                    <Table.Td>
                      {pelamar.tempatLahirKtp}, {formatTanggal(pelamar.tanggalLahirKtp)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{f.disabilitas}</Table.Th>
                    <Table.Td>{pelamar.jenisDisabilitas ?? '–'}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{f.domisili}</Table.Th>
                    <Table.Td>{pelamar.domisili}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{f.jenisFormasi}</Table.Th>
                    <Table.Td>{pelamar.jenisFormasi}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Paper>
            {detail.status !== 'BELUM' && (
              <Paper withBorder p="sm">
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <StatusAfirmasiBadge status={detail.status} />
                  <Text size="sm">{detail.alasan}</Text>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {t.diperiksaOleh(detail.pemeriksaNama ?? '–', formatWaktu(detail.diperiksaAt))}
                </Text>
              </Paper>
            )}
            {detail.bolehPeriksa ? (
              <Keputusan detail={detail} track={track} onConflict={() => setConflict(true)} />
            ) : (
              detail.status === 'BELUM' && <Alert color="gray">{t.hanyaBaca}</Alert>
            )}
            <RiwayatPanel detail={pelamar} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="sm">
            <BerkasView
              path={afirmasiBuktiPath(track, detail.id)}
              title={`${t.bukti}: ${detail.namaFile}`}
              height="72vh"
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function AfirmasiDetailPage() {
  const page = useCurrentPage();
  const track = page?.track && isAfirmasiTrack(page.track) ? page.track : undefined;
  const klaimId = useDetailId() ?? 0;
  const valid = klaimId > 0;
  const query = useQuery({
    queryKey: ['afirmasi-detail', track, klaimId],
    queryFn: ({ signal }) => getAfirmasi(track ?? 'pppk', klaimId, signal),
    enabled: valid && track !== undefined,
  });
  if (!track) return null;
  return (
    <DetailShell back={`/${track}/afirmasi-admin`} valid={valid} query={query}>
      {(data) => (
        <Klaim key={`${data.id}:${data.version}`} detail={data} track={track} onReload={() => void query.refetch()} />
      )}
    </DetailShell>
  );
}
