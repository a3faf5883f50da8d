// One objection (issue #5), `/{track}/sanggah/detail?id=…`, `/nakes/admin-reset-jawab-sanggah/detail?id=…`
// and `/{track}/sanggah-afirmasi/detail?id=…`: each objected requirement beside the verifier's reason
// and the document in question – or each objected affirmation claim beside the checker's decision
// and its evidence – (viewer on the right), the supervisor's answer per item (draft kept until sent, Ctrl+Enter, confirmation
// naming the outcome, 409 shown with a reload), wasdal's check or flag, the admin's reset, and the
// applicant's trail.

import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useHotkeys, useLocalStorage } from '@mantine/hooks';
import {
  type JawabanSanggah,
  SANGGAH_LISTS,
  type SanggahDetail,
  type SanggahList,
  type TrackId,
} from '@portal/contract';
import { IconFileText } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http';
import {
  cekSanggah,
  getSanggah,
  jawabSanggah,
  resetSanggah,
  sanggahBuktiPath,
  sanggahDokumenPath,
} from '../../api/sanggah';
import { showError, showSuccess } from '../../app/toast';
import { formatWaktu } from '../../i18n/format';
import { id } from '../../i18n/id';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { Tenggat } from '../jadwal/Tenggat';
import { StatusBadge } from '../pelamar/PelamarListPage';
import { useCurrentPage } from '../tracks/useTrack';
import {
  alasanLabel,
  BerkasView,
  DokumenTabs,
  DokumenView,
  dokumenLabel,
  namaLengkap,
  RiwayatPanel,
} from '../verifikasi/shared';
import { CekBadge, StatusSanggahBadge } from './SanggahPages';

const t = id.sanggah;
const kategoriLabel = (kategori: string) => id.afirmasi.kategori[kategori] ?? kategori;
/** The stage whose window the answer needs, per kind. */
const tahapJawab = (detail: SanggahDetail) =>
  detail.jenis === 'AFIRMASI' ? ('JAWAB_SANGGAH_AFIRMASI' as const) : ('JAWAB_SANGGAH' as const);

interface Draft {
  jawaban: (JawabanSanggah | null)[];
  alasan: string[];
}

function Konflik({ onReload }: { onReload: () => void }) {
  return (
    <Alert color="orange" role="alert" title={t.konflik}>
      <Button size="xs" variant="light" onClick={onReload}>
        {t.muatUlang}
      </Button>
    </Alert>
  );
}

function useJawab({
  detail,
  track,
  list,
  onConflict,
}: {
  detail: SanggahDetail;
  track: TrackId;
  list: SanggahList;
  onConflict: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const empty: Draft = { jawaban: detail.butir.map(() => null), alasan: detail.butir.map(() => '') };
  const [draft, setDraft, clearDraft] = useLocalStorage<Draft>({
    key: `sanggah-draft:${detail.id}:${detail.version}`,
    defaultValue: empty,
    getInitialValueInEffect: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const complete = detail.butir.every(
    (_, index) => draft.jawaban[index] && (draft.alasan[index] ?? '').trim().length >= 5,
  );
  const semuaDiterima = draft.jawaban.every((value) => value === 'DITERIMA');
  const send = useMutation({
    mutationFn: () =>
      jawabSanggah(track, list === 'afirmasi' ? 'afirmasi' : 'jawab', detail.id, {
        version: detail.version,
        butir: detail.butir.map((_, index) => ({
          jawaban: draft.jawaban[index] as JawabanSanggah,
          alasan: (draft.alasan[index] ?? '').trim(),
        })),
      }),
    onSuccess: (result) => {
      clearDraft();
      const akibat = detail.jenis === 'AFIRMASI' ? t.afirmasi.menjadiValid : t.menjadiMs;
      showSuccess(
        `${t.terkirim(t.status[result.status] ?? result.status)}${result.mengubahStatus ? ` ${akibat}` : ''}`,
      );
      void queryClient.invalidateQueries({ queryKey: ['sanggah'] });
      void queryClient.invalidateQueries({ queryKey: ['pelamar'] });
      void navigate(`/${track}/${SANGGAH_LISTS[list].screen}`);
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.status === 409) onConflict();
      else setProblem(error.message);
    },
  });
  const submit = () => {
    if (!complete) setProblem(t.alasanWajib);
    else setConfirming(true);
  };
  useHotkeys([['mod+Enter', submit]], []);
  const set = (index: number, patch: { jawaban?: JawabanSanggah; alasan?: string }) => {
    setProblem(null);
    setDraft((current) => ({
      jawaban: current.jawaban.map((value, i) => (i === index && patch.jawaban ? patch.jawaban : value)),
      alasan: current.alasan.map((value, i) => (i === index && patch.alasan !== undefined ? patch.alasan : value)),
    }));
  };
  return { set, draft, submit, problem, confirming, setConfirming, send, semuaDiterima };
}

type JawabState = ReturnType<typeof useJawab>;

function Butir({
  detail,
  index,
  onShow,
  jawab,
}: {
  detail: SanggahDetail;
  index: number;
  onShow: (dokumenId: number) => void;
  jawab: JawabState | null;
}) {
  const item = detail.butir[index];
  if (!item) return null;
  const v = detail.pelamar.verifikasi;
  const cek = item.dokumenId === null ? undefined : v.cekDokumen.find((check) => check.dokumenId === item.dokumenId);
  const dokumen = detail.pelamar.dokumen.find((doc) => doc.id === item.dokumenId);
  const klaim = detail.klaim.find((claim) => claim.id === item.afirmasiId);
  const pokok = klaim ? kategoriLabel(klaim.kategori) : alasanLabel(item.alasanTms ?? '');
  const label = `${t.butirKe(index + 1, detail.butir.length)}: ${pokok}`;
  return (
    <Paper withBorder p="sm" data-testid="butir-sanggah">
      <Stack gap={6}>
        <Title order={3} size="h6">
          {label}
        </Title>
        {klaim ? (
          <>
            <Text size="xs" c="dimmed">
              {t.afirmasi.keputusanChecker}
            </Text>
            <Text size="sm">
              {id.afirmasi.status[klaim.status]}
              {klaim.alasan ? ` — ${klaim.alasan}` : ''}
            </Text>
          </>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              {t.alasanVerifikator}
            </Text>
            <Text size="sm">
              {pokok}
              {v.catatanVerifikasi ? ` — ${t.catatanVerifikator}: ${v.catatanVerifikasi}` : ''}
            </Text>
          </>
        )}
        {cek && !cek.sesuai && (
          <Text size="sm">
            {t.cekDokumenVerifikator}: {cek.alasan}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t.argumen}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {item.argumen}
        </Text>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t.dokumen}:
          </Text>
          {klaim ? (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconFileText size={14} aria-hidden />}
              onClick={() => onShow(klaim.id)}
            >
              {t.afirmasi.lihatBukti}: {klaim.namaFile}
            </Button>
          ) : dokumen ? (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconFileText size={14} aria-hidden />}
              onClick={() => onShow(dokumen.id)}
            >
              {t.lihatDokumen}: {dokumenLabel(dokumen.jenis)}
            </Button>
          ) : (
            <Text size="xs">{t.tanpaDokumen}</Text>
          )}
        </Group>
        {jawab ? (
          <Stack gap={6} mt={4}>
            <SegmentedControl
              aria-label={`${t.jawaban} ${label}`}
              data={[
                { value: 'DITERIMA', label: t.terima },
                { value: 'DITOLAK', label: t.tolak },
              ]}
              value={jawab.draft.jawaban[index] ?? ''}
              onChange={(value) => jawab.set(index, { jawaban: value as JawabanSanggah })}
              color={jawab.draft.jawaban[index] === 'DITOLAK' ? 'red' : 'teal'}
            />
            <Textarea
              label={t.alasanJawaban}
              autosize
              minRows={2}
              maxLength={2000}
              value={jawab.draft.alasan[index] ?? ''}
              onChange={(event) => jawab.set(index, { alasan: event.currentTarget.value })}
            />
          </Stack>
        ) : item.jawaban ? (
          <Group gap="xs" mt={4} align="flex-start" wrap="nowrap">
            <StatusSanggahBadge status={item.jawaban} />
            <Text size="sm">{item.alasanJawaban}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" mt={4}>
            {t.belumDijawab}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function CekPanel({ detail, track, onConflict }: { detail: SanggahDetail; track: TrackId; onConflict: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'DIPERIKSA' | 'DITANDAI'>(detail.cek ?? 'DIPERIKSA');
  const [catatan, setCatatan] = useState(detail.cekCatatan ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      cekSanggah(track, detail.id, { version: detail.version, status, catatan: catatan.trim() || null }),
    onSuccess: () => {
      showSuccess(t.cekTersimpan);
      void queryClient.invalidateQueries({ queryKey: ['sanggah'] });
      void queryClient.invalidateQueries({ queryKey: ['sanggah-detail'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) onConflict();
      else setProblem(error.message);
    },
  });
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t.tandaiSebagai}
        data={[
          { value: 'DIPERIKSA', label: t.cek.DIPERIKSA ?? '' },
          { value: 'DITANDAI', label: t.cek.DITANDAI ?? '' },
        ]}
        value={status}
        onChange={(value) => {
          setProblem(null);
          setStatus(value as 'DIPERIKSA' | 'DITANDAI');
        }}
        color={status === 'DITANDAI' ? 'orange' : 'blue'}
      />
      <Textarea
        label={t.catatanWasdal}
        autosize
        minRows={2}
        maxLength={2000}
        value={catatan}
        onChange={(event) => {
          setProblem(null);
          setCatatan(event.currentTarget.value);
        }}
      />
      {problem && (
        <Alert color="red" p="xs" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          onClick={() => {
            if (status === 'DITANDAI' && catatan.trim().length < 5) setProblem(t.catatanWajib);
            else save.mutate();
          }}
        >
          {t.simpanCek}
        </Button>
      </Group>
    </Stack>
  );
}

function ResetPanel({ detail, track }: { detail: SanggahDetail; track: TrackId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [alasan, setAlasan] = useState('');
  const reset = useMutation({
    mutationFn: () => resetSanggah(track, [detail.id], alasan.trim()),
    onSuccess: (results) => {
      const failed = results.filter((result) => !result.ok);
      if (failed.length > 0) {
        showError(failed.map((result) => result.message).join(' '));
        return;
      }
      showSuccess(t.resetHasil(1, 0));
      void queryClient.invalidateQueries({ queryKey: ['sanggah'] });
      void navigate(`/${track}/admin-reset-jawab-sanggah`);
    },
    onError: (error) => showError(error.message),
  });
  return (
    <>
      <Group justify="flex-end">
        <Button color="orange" onClick={() => setOpen(true)}>
          {t.reset}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t.resetJudul} centered>
        <Stack>
          <Text size="sm">{t.resetPenjelasan(1)}</Text>
          <Textarea
            label={t.alasanReset}
            autosize
            minRows={2}
            maxLength={2000}
            value={alasan}
            onChange={(event) => setAlasan(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t.batal}
            </Button>
            <Button
              color="orange"
              disabled={alasan.trim().length < 5}
              loading={reset.isPending}
              onClick={() => reset.mutate()}
            >
              {t.reset}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function Sanggah({
  detail,
  track,
  list,
  onReload,
}: {
  detail: SanggahDetail;
  track: TrackId;
  list: SanggahList;
  onReload: () => void;
}) {
  const [conflict, setConflict] = useState(false);
  const firstDoc = detail.butir.find((item) => item.dokumenId !== null)?.dokumenId;
  const [current, setCurrent] = useState(() =>
    Math.max(
      0,
      detail.pelamar.dokumen.findIndex((doc) => doc.id === firstDoc),
    ),
  );
  const jawab = useJawab({ detail, track, list, onConflict: () => setConflict(true) });
  const afirmasi = detail.jenis === 'AFIRMASI';
  const [klaimId, setKlaimId] = useState(() => detail.butir[0]?.afirmasiId ?? detail.klaim[0]?.id);
  const klaim = detail.klaim.find((claim) => claim.id === klaimId);
  const canAnswer = detail.bolehJawab;
  const pelamar = detail.pelamar;
  const dokumen = pelamar.dokumen[current];
  const referenced = new Set(detail.butir.map((item) => item.dokumenId));
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
            <StatusBadge status={pelamar.statusVerifikasi} />
            <span data-testid="status-sanggah">
              <StatusSanggahBadge status={detail.status} />
            </span>
            {detail.status === 'DIAJUKAN' && <Tenggat track={track} tahap={tahapJawab(detail)} />}
          </Group>
        </Group>
      </Paper>
      {conflict && <Konflik onReload={onReload} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            {detail.status === 'DIAJUKAN' && !canAnswer && <Alert color="gray">{t.hanyaBaca}</Alert>}
            {detail.dijawabAt && (
              <Text size="sm">
                {t.dijawabOleh(detail.penjawabNama ?? '–', formatWaktu(detail.dijawabAt))}
                {detail.mengubahStatus ? ` ${afirmasi ? t.afirmasi.mengubahStatus : t.mengubahStatus}` : ''}
              </Text>
            )}
            {detail.butir.map((item, index) => (
              <Butir
                key={item.alasanTms ?? item.afirmasiId}
                detail={detail}
                index={index}
                jawab={canAnswer ? jawab : null}
                onShow={(shown) =>
                  afirmasi
                    ? setKlaimId(shown)
                    : setCurrent(
                        Math.max(
                          0,
                          pelamar.dokumen.findIndex((doc) => doc.id === shown),
                        ),
                      )
                }
              />
            ))}
            {canAnswer && (
              <Paper withBorder p="sm">
                <Stack gap="xs">
                  {jawab.problem && (
                    <Alert color="red" p="xs" role="alert">
                      {jawab.problem}
                    </Alert>
                  )}
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      {t.pintasan}
                    </Text>
                    <Button onClick={jawab.submit}>{t.kirim}</Button>
                  </Group>
                </Stack>
                <Modal
                  opened={jawab.confirming}
                  onClose={() => jawab.setConfirming(false)}
                  title={t.konfirmasiJudul}
                  centered
                >
                  <Stack>
                    <Text size="sm">
                      {afirmasi
                        ? jawab.semuaDiterima
                          ? t.afirmasi.akibatDiterima
                          : t.afirmasi.akibatDitolak
                        : jawab.semuaDiterima
                          ? t.akibatDiterima
                          : t.akibatDitolak}
                    </Text>
                    <Text size="sm">{t.konfirmasi}</Text>
                    <Group justify="flex-end">
                      <Button variant="default" onClick={() => jawab.setConfirming(false)}>
                        {t.batal}
                      </Button>
                      <Button loading={jawab.send.isPending} onClick={() => jawab.send.mutate()} data-autofocus>
                        {t.kirim}
                      </Button>
                    </Group>
                  </Stack>
                </Modal>
              </Paper>
            )}
            {detail.status !== 'DIAJUKAN' && !afirmasi && (
              <Paper withBorder p="sm">
                <Group justify="space-between" mb={6}>
                  <Title order={3} size="h6">
                    {t.wasdal}
                  </Title>
                  <CekBadge cek={detail.cek} />
                </Group>
                {detail.cek ? (
                  <Text size="sm" mb="xs">
                    {detail.cekCatatan ? `${detail.cekCatatan} ` : ''}
                    <Text span size="xs" c="dimmed">
                      {t.wasdalOleh(detail.cekOlehNama ?? '–', formatWaktu(detail.cekAt))}
                    </Text>
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed" mb="xs">
                    {t.wasdalBelum}
                  </Text>
                )}
                {detail.bolehCek && <CekPanel detail={detail} track={track} onConflict={() => setConflict(true)} />}
              </Paper>
            )}
            {list === 'reset' && detail.bolehReset && <ResetPanel detail={detail} track={track} />}
            <RiwayatPanel detail={pelamar} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="sm">
            {afirmasi ? (
              <>
                {detail.klaim.length > 1 && (
                  <SegmentedControl
                    aria-label={id.afirmasi.bukti}
                    mb="xs"
                    data={detail.klaim.map((claim) => ({
                      value: String(claim.id),
                      label: kategoriLabel(claim.kategori),
                    }))}
                    value={String(klaimId)}
                    onChange={(value) => setKlaimId(Number(value))}
                  />
                )}
                {klaim && (
                  <BerkasView
                    path={sanggahBuktiPath(track, detail.id, klaim.id)}
                    title={`${id.afirmasi.bukti}: ${kategoriLabel(klaim.kategori)}`}
                    height="68vh"
                  />
                )}
              </>
            ) : (
              <>
                <DokumenTabs
                  detail={pelamar}
                  current={current}
                  onSelect={setCurrent}
                  stateOf={(dokumenId) => (referenced.has(dokumenId) ? false : undefined)}
                />
                {dokumen && (
                  <DokumenView
                    path={sanggahDokumenPath(track, list, detail.id, dokumen.id)}
                    detail={pelamar}
                    dokumenId={dokumen.id}
                    height="68vh"
                  />
                )}
              </>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function SanggahDetailPage({ list }: { list: SanggahList }) {
  const track = useCurrentPage()?.track;
  const sanggahId = useDetailId() ?? 0;
  const valid = sanggahId > 0;
  const query = useQuery({
    queryKey: ['sanggah-detail', track, list, sanggahId],
    queryFn: ({ signal }) => getSanggah(track ?? 'cpns', list, sanggahId, signal),
    enabled: valid && track !== undefined,
  });
  if (!track) return null;
  const back = `/${track}/${SANGGAH_LISTS[list].screen}`;
  return (
    <DetailShell back={back} valid={valid} query={query}>
      {(data) => (
        <Sanggah
          key={`${data.id}:${data.version}`}
          detail={data}
          track={track}
          list={list}
          onReload={() => void query.refetch()}
        />
      )}
    </DetailShell>
  );
}

export function JawabSanggahDetailPage() {
  return <SanggahDetailPage list="jawab" />;
}

export function ResetJawabSanggahDetailPage() {
  return <SanggahDetailPage list="reset" />;
}

export function SanggahAfirmasiDetailPage() {
  return <SanggahDetailPage list="afirmasi" />;
}
