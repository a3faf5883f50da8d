// One score objection, `/{track}/sanggah-nilai/detail?id=…`: the objection (component, value,
// argument, the other applicant when it is about someone else's score), every score of the
// applicant concerned, the answer (accepted with a proposed value, or rejected; draft kept until
// sent, Ctrl+Enter, confirmation naming the outcome, 409 shown with a reload), wasdal's approval
// (old → new value) and the objector's trail.

import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  NumberInput,
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
  type JawabanSanggahNilai,
  NILAI_MAKS,
  type PERSETUJUAN_SANGGAH_NILAI,
  type SanggahNilaiDetail,
  type TrackId,
} from '@portal/contract';
import { IconArrowRight, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http';
import { getSanggahNilai, jawabSanggahNilai, setujuiSanggahNilai } from '../../api/sanggah-nilai';
import { showSuccess } from '../../app/toast';
import { formatWaktu } from '../../i18n/format';
import { id } from '../../i18n/id';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { Tenggat } from '../jadwal/Tenggat';
import { useCurrentPage } from '../tracks/useTrack';
import { namaLengkap, RiwayatPanel } from '../verifikasi/shared';
import { formatNilai, StatusSanggahNilaiBadge } from './SanggahNilaiListPage';

const t = id.sanggahNilai;
type Keputusan = (typeof PERSETUJUAN_SANGGAH_NILAI)[number];

const komponenNama = (detail: SanggahNilaiDetail) => t.komponen[detail.komponen] ?? detail.komponen;
/** The concerned applicant's current value of the objected component. */
const nilaiSekarang = (detail: SanggahNilaiDetail) =>
  detail.dinilai.nilai.find((n) => n.komponen === detail.komponen)?.nilai ?? null;

function Konflik({ onReload }: { onReload: () => void }) {
  return (
    <Alert color="orange" role="alert" title={t.konflik}>
      <Button size="xs" variant="light" onClick={onReload}>
        {t.muatUlang}
      </Button>
    </Alert>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Sanggahan({ detail }: { detail: SanggahNilaiDetail }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t.sanggahan}
        </Title>
        <Group gap="xl">
          <Field label={t.komponenLabel}>
            <Text fw={600} span data-testid="komponen">
              {komponenNama(detail)}
            </Text>
          </Field>
          <Field label={t.nilaiSaatDiajukan}>{formatNilai(detail.nilaiSaatDiajukan)}</Field>
        </Group>
        {detail.terkait && (
          // Information, not an error: "note", so screen readers do not announce it as an alert.
          <Alert
            role="note"
            color="orange"
            variant="light"
            icon={<IconUsers size={18} aria-hidden />}
            title={t.tentangLainJudul}
          >
            {t.tentangLain(detail.terkait.nama, detail.terkait.noPeserta)}
          </Alert>
        )}
        <Field label={t.argumen}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {detail.argumen}
          </Text>
        </Field>
      </Stack>
    </Paper>
  );
}

/** Every score of the applicant concerned; the objected one marked, its correction shown. */
function NilaiTable({ detail }: { detail: SanggahNilaiDetail }) {
  const { dinilai } = detail;
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h6" mb="xs">
        {t.nilaiDinilai(`${dinilai.nama} (${dinilai.noPeserta})`)}
      </Title>
      {dinilai.nilai.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.nilaiKosong}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="tabel-nilai">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.kolomKomponen}</Table.Th>
              <Table.Th ta="right">{t.kolomNilai}</Table.Th>
              <Table.Th ta="right">{t.kolomMaks}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dinilai.nilai.map((n) => {
              const objected = n.komponen === detail.komponen;
              return (
                <Table.Tr key={n.komponen} fw={objected ? 600 : undefined} data-disanggah={objected || undefined}>
                  <Table.Td>
                    {t.komponen[n.komponen] ?? n.komponen}
                    {objected && (
                      <Text span size="xs" c="orange.8" ml={6}>
                        ({t.disanggah})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {objected && detail.status === 'DISETUJUI' ? (
                      <span data-testid="nilai-dikoreksi">
                        <Text span td="line-through" c="dimmed" size="sm">
                          {detail.nilaiLama === null ? t.tidakAda : formatNilai(detail.nilaiLama)}
                        </Text>{' '}
                        → {formatNilai(n.nilai)}
                      </span>
                    ) : (
                      formatNilai(n.nilai)
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{NILAI_MAKS[n.komponen].toLocaleString('id-ID')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

interface Draft {
  jawaban: JawabanSanggahNilai | null;
  nilaiUsulan: number | null;
  alasan: string;
}

function JawabForm({
  detail,
  track,
  onConflict,
}: {
  detail: SanggahNilaiDetail;
  track: TrackId;
  onConflict: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft, clearDraft] = useLocalStorage<Draft>({
    key: `sanggah-nilai-draft:${detail.id}:${detail.version}`,
    defaultValue: { jawaban: null, nilaiUsulan: null, alasan: '' },
    getInitialValueInEffect: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const maks = NILAI_MAKS[detail.komponen];
  const lama = nilaiSekarang(detail);
  const send = useMutation({
    mutationFn: () =>
      jawabSanggahNilai(track, detail.id, {
        version: detail.version,
        jawaban: draft.jawaban as JawabanSanggahNilai,
        alasan: draft.alasan.trim(),
        nilaiUsulan: draft.jawaban === 'DITERIMA' ? draft.nilaiUsulan : null,
      }),
    onSuccess: (result) => {
      clearDraft();
      showSuccess(t.terkirim(t.status[result.status] ?? result.status));
      void queryClient.invalidateQueries({ queryKey: ['sanggah-nilai'] });
      void navigate(`/${track}/sanggah-nilai`);
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.status === 409) onConflict();
      else setProblem(error.message);
    },
  });
  const submit = () => {
    const usulan = draft.nilaiUsulan;
    if (!draft.jawaban) setProblem(t.pilihJawaban);
    else if (draft.jawaban === 'DITERIMA' && (usulan === null || usulan < 0 || usulan > maks))
      setProblem(t.usulanWajib(maks));
    else if (draft.jawaban === 'DITERIMA' && Number(lama ?? 0) === usulan) setProblem(t.usulanSama);
    else if (draft.alasan.trim().length < 5) setProblem(t.alasanWajib);
    else setConfirming(true);
  };
  useHotkeys([['mod+Enter', submit]], []);
  const set = (patch: Partial<Draft>) => {
    setProblem(null);
    setDraft((current) => ({ ...current, ...patch }));
  };
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Title order={3} size="h6">
          {t.jawaban}
        </Title>
        <SegmentedControl
          aria-label={t.jawaban}
          data={[
            { value: 'DITERIMA', label: t.terima },
            { value: 'DITOLAK', label: t.tolak },
          ]}
          value={draft.jawaban ?? ''}
          onChange={(value) => set({ jawaban: value as JawabanSanggahNilai })}
          color={draft.jawaban === 'DITOLAK' ? 'red' : 'teal'}
        />
        {draft.jawaban === 'DITERIMA' && (
          <NumberInput
            label={t.nilaiUsulan(maks)}
            description={`${t.nilaiSaatDiajukan}: ${formatNilai(detail.nilaiSaatDiajukan)}`}
            min={0}
            max={maks}
            decimalScale={2}
            decimalSeparator=","
            allowNegative={false}
            value={draft.nilaiUsulan ?? ''}
            onChange={(value) => set({ nilaiUsulan: typeof value === 'number' ? value : null })}
            w={{ base: '100%', xs: 240 }}
          />
        )}
        <Textarea
          label={t.alasanJawaban}
          autosize
          minRows={2}
          maxLength={2000}
          value={draft.alasan}
          onChange={(event) => set({ alasan: event.currentTarget.value })}
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
          <Button onClick={submit}>{t.kirim}</Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t.konfirmasiJudul} centered>
        <Stack>
          <Text size="sm">
            {draft.jawaban === 'DITERIMA'
              ? t.akibatDiterima(komponenNama(detail), formatNilai(lama), formatNilai(String(draft.nilaiUsulan)))
              : t.akibatDitolak(komponenNama(detail), formatNilai(lama))}
          </Text>
          <Text size="sm">{t.konfirmasi}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.batal}
            </Button>
            <Button loading={send.isPending} onClick={() => send.mutate()} data-autofocus>
              {t.kirim}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function Jawaban({ detail }: { detail: SanggahNilaiDetail }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={3} size="h6">
            {t.jawaban}
          </Title>
          <Text size="xs" c="dimmed">
            {t.dijawabOleh(detail.penjawabNama ?? '–', formatWaktu(detail.dijawabAt))}
          </Text>
        </Group>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {detail.status === 'DITOLAK' ? t.status.DITOLAK : t.diterima}
          </Text>
          {detail.nilaiUsulan !== null && (
            <Text size="sm">
              {formatNilai(detail.nilaiSaatDiajukan)} <IconArrowRight size={12} aria-label="menjadi" />{' '}
              <b>{formatNilai(detail.nilaiUsulan)}</b>
            </Text>
          )}
        </Group>
        <Text size="sm">{detail.jawabanAlasan}</Text>
      </Stack>
    </Paper>
  );
}

function PersetujuanForm({
  detail,
  track,
  onConflict,
}: {
  detail: SanggahNilaiDetail;
  track: TrackId;
  onConflict: () => void;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Keputusan | null>(null);
  const [alasan, setAlasan] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lama = nilaiSekarang(detail);
  const save = useMutation({
    mutationFn: () =>
      setujuiSanggahNilai(track, detail.id, {
        version: detail.version,
        status: status as Keputusan,
        alasan: alasan.trim(),
      }),
    onSuccess: (result) => {
      setConfirming(false);
      showSuccess(t.persetujuanTersimpan(t.status[result.status] ?? result.status));
      void queryClient.invalidateQueries({ queryKey: ['sanggah-nilai'] });
      void queryClient.invalidateQueries({ queryKey: ['sanggah-nilai-detail'] });
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.status === 409) onConflict();
      else setProblem(error.message);
    },
  });
  const submit = () => {
    if (!status) setProblem(t.pilihJawaban);
    else if (alasan.trim().length < 5) setProblem(t.alasanWajib);
    else setConfirming(true);
  };
  useHotkeys([['mod+Enter', submit]], []);
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="koreksi-usulan">
        {t.koreksi(komponenNama(detail))}: {lama === null ? t.tidakAda : formatNilai(lama)}{' '}
        <IconArrowRight size={12} aria-label="menjadi" /> <b>{formatNilai(detail.nilaiUsulan)}</b>
      </Text>
      <SegmentedControl
        aria-label={t.hasilPersetujuan}
        data={[
          { value: 'DISETUJUI', label: t.setujui },
          { value: 'TIDAK_DISETUJUI', label: t.tidakSetujui },
        ]}
        value={status ?? ''}
        onChange={(value) => {
          setProblem(null);
          setStatus(value as Keputusan);
        }}
        color={status === 'TIDAK_DISETUJUI' ? 'gray' : 'teal'}
      />
      <Textarea
        label={t.alasanPersetujuan}
        autosize
        minRows={2}
        maxLength={2000}
        value={alasan}
        onChange={(event) => {
          setProblem(null);
          setAlasan(event.currentTarget.value);
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
        <Button onClick={submit}>{t.simpanPersetujuan}</Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t.persetujuanJudul} centered>
        <Stack>
          <Text size="sm">
            {status === 'DISETUJUI'
              ? t.akibatDisetujui(
                  komponenNama(detail),
                  detail.dinilai.nama,
                  lama === null ? t.tidakAda : formatNilai(lama),
                  formatNilai(detail.nilaiUsulan),
                )
              : t.akibatTidakDisetujui(komponenNama(detail), lama === null ? t.tidakAda : formatNilai(lama))}
          </Text>
          <Text size="sm">{t.persetujuanKonfirmasi}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.batal}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()} data-autofocus>
              {t.simpanPersetujuan}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Persetujuan({
  detail,
  track,
  onConflict,
}: {
  detail: SanggahNilaiDetail;
  track: TrackId;
  onConflict: () => void;
}) {
  const decided = detail.status === 'DISETUJUI' || detail.status === 'TIDAK_DISETUJUI';
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb={6}>
        <Title order={3} size="h6">
          {t.persetujuan}
        </Title>
        {decided && <StatusSanggahNilaiBadge status={detail.status} />}
      </Group>
      {decided ? (
        <Stack gap={4}>
          {detail.status === 'DISETUJUI' && (
            <Text size="sm" data-testid="nilai-lama-baru">
              {t.nilaiBerubah}: {detail.nilaiLama === null ? t.tidakAda : formatNilai(detail.nilaiLama)}{' '}
              <IconArrowRight size={12} aria-label="menjadi" /> <b>{formatNilai(detail.nilaiBaru)}</b>
            </Text>
          )}
          <Text size="sm">
            {detail.persetujuanAlasan}{' '}
            <Text span size="xs" c="dimmed">
              {t.disetujuiOleh(detail.penyetujuNama ?? '–', formatWaktu(detail.disetujuiAt))}
            </Text>
          </Text>
        </Stack>
      ) : detail.bolehSetujui ? (
        <PersetujuanForm detail={detail} track={track} onConflict={onConflict} />
      ) : (
        <Text size="sm" c="dimmed">
          {t.menungguPersetujuan}
        </Text>
      )}
    </Paper>
  );
}

function SanggahNilai({
  detail,
  track,
  onReload,
}: {
  detail: SanggahNilaiDetail;
  track: TrackId;
  onReload: () => void;
}) {
  const [conflict, setConflict] = useState(false);
  const pelamar = detail.pelamar;
  const open = detail.status === 'DIAJUKAN' || detail.status === 'MENUNGGU_PERSETUJUAN';
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" data-testid="nama-pelamar">
              {namaLengkap(pelamar)}
            </Title>
            <Text size="sm" c="dimmed">
              {pelamar.noPeserta} · NIK {pelamar.nik} · {pelamar.jabatanNama} · {detail.instansi.nama}
            </Text>
            <Text size="xs" c="dimmed">
              {t.columns.diajukan}: {formatWaktu(detail.diajukanAt)}
            </Text>
          </div>
          <Group gap="xs">
            <span data-testid="status-sanggah-nilai">
              <StatusSanggahNilaiBadge status={detail.status} />
            </span>
            {open && <Tenggat track={track} tahap="JAWAB_SANGGAH_NILAI" />}
          </Group>
        </Group>
      </Paper>
      {conflict && <Konflik onReload={onReload} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            {open && !detail.bolehJawab && !detail.bolehSetujui && (
              <Alert role="note" color="gray">
                {t.hanyaBaca}
              </Alert>
            )}
            <Sanggahan detail={detail} />
            <NilaiTable detail={detail} />
            {detail.bolehJawab ? (
              <JawabForm detail={detail} track={track} onConflict={() => setConflict(true)} />
            ) : detail.dijawabAt ? (
              <Jawaban detail={detail} />
            ) : (
              <Paper withBorder p="sm">
                <Text size="sm" c="dimmed">
                  {t.belumDijawab}
                </Text>
              </Paper>
            )}
            {detail.nilaiUsulan !== null && (
              <Persetujuan detail={detail} track={track} onConflict={() => setConflict(true)} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <RiwayatPanel detail={pelamar} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /{track}/sanggah-nilai/detail?id=… */
export function SanggahNilaiDetailPage() {
  const track = useCurrentPage()?.track;
  const sanggahNilaiId = useDetailId() ?? 0;
  const valid = sanggahNilaiId > 0;
  const query = useQuery({
    queryKey: ['sanggah-nilai-detail', track, sanggahNilaiId],
    queryFn: ({ signal }) => getSanggahNilai(track ?? 'cpns', sanggahNilaiId, signal),
    enabled: valid && track !== undefined,
  });
  if (!track) return null;
  return (
    <DetailShell back={`/${track}/sanggah-nilai`} valid={valid} query={query}>
      {(data) => (
        <SanggahNilai
          key={`${data.id}:${data.version}`}
          detail={data}
          track={track}
          onReload={() => void query.refetch()}
        />
      )}
    </DetailShell>
  );
}
