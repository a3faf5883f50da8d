// The verifier's work screen (issue #4), `/{track}/verifikasi/detail?id=…`, one implementation for
// every track: the applicant's data beside the formasi's requirements with what the system finds,
// every document in a viewer with its own check, and the decision. Keyboard-first (help on "?"),
// the form survives failures and reloads as a draft, the next applicant is claimed and loaded in
// the background so "Simpan & berikutnya" shows it at once.

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Kbd,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ALASAN_TMS, type AlasanTms, type PelamarDetail, type TrackId } from '@portal/contract';
import { IconArrowLeft, IconKeyboard } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http';
import { dokumenPath } from '../../api/pelamar';
import { ambilBerikutnya, ambilPelamar, simpanVerifikasi } from '../../api/verifikasi';
import { showError, showInfo, showSuccess } from '../../app/toast';
import { id } from '../../i18n/id';
import { StatusBadge } from '../pelamar/PelamarListPage';
import { useCurrentPage } from '../tracks/useTrack';
import {
  CekBadge,
  DokumenTabs,
  DokumenView,
  detailQuery,
  dokumenLabel,
  HasilVerifikasi,
  namaLengkap,
  prefetchPelamar,
  SyaratTable,
  TemuanList,
} from './shared';

const t = id.verifikasi;
const LIST = 'verifikator' as const;

interface Form {
  version: number;
  cek: Record<number, { sesuai: boolean | null; alasan: string }>;
  status: 'MS' | 'TMS' | null;
  alasanTms: AlasanTms[];
  catatan: string;
}

const draftKey = (track: TrackId, pelamarId: number) => `draf-verifikasi:${track}:${pelamarId}`;

function loadDraft(track: TrackId, pelamarId: number): Form | null {
  try {
    const raw = localStorage.getItem(draftKey(track, pelamarId));
    return raw ? (JSON.parse(raw) as Form) : null;
  } catch {
    return null;
  }
}

function emptyForm(detail: PelamarDetail): Form {
  const saved = new Map(detail.verifikasi.cekDokumen.map((cek) => [cek.dokumenId, cek]));
  return {
    version: detail.verifikasi.version,
    cek: Object.fromEntries(
      detail.dokumen.map((dokumen) => [
        dokumen.id,
        { sesuai: saved.get(dokumen.id)?.sesuai ?? null, alasan: saved.get(dokumen.id)?.alasan ?? '' },
      ]),
    ),
    status: null,
    alasanTms: [],
    catatan: '',
  };
}

/** What is wrong with the form before it is sent, in the verifier's words; null when fine. */
function formProblem(form: Form, detail: PelamarDetail): string | null {
  if (!form.status) return t.pilihKeputusan;
  const checks = detail.dokumen.map((dokumen) => form.cek[dokumen.id]);
  if (checks.some((cek) => cek?.sesuai === false && cek.alasan.trim() === '')) return t.isiAlasanDokumen;
  if (form.status === 'MS' && checks.some((cek) => cek?.sesuai !== true)) return t.belumLengkapMs;
  if (form.status === 'TMS' && form.alasanTms.length === 0) return t.pilihAlasan;
  return null;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable);

function Workspace({ detail, track, nextId }: { detail: PelamarDetail; track: TrackId; nextId: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const v = detail.verifikasi;
  const held = v.klaim?.olehSaya ?? false;
  const editable = held && (detail.statusVerifikasi === 'BELUM' || detail.statusSupervisi === 'DIKEMBALIKAN');
  const [form, setForm] = useState<Form>(() => {
    const draft = editable ? loadDraft(track, detail.id) : null;
    return draft ?? emptyForm(detail);
  });
  const [restored] = useState(() => editable && loadDraft(track, detail.id) !== null);
  const [current, setCurrent] = useState(0);
  const [help, setHelp] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  const dokumen = detail.dokumen[current];

  // Every change is kept as a draft until the decision is saved.
  useEffect(() => {
    if (editable) localStorage.setItem(draftKey(track, detail.id), JSON.stringify(form));
  }, [editable, form, track, detail.id]);

  const update = useCallback((change: (previous: Form) => Form) => {
    setProblem(null);
    setForm(change);
  }, []);

  const setCek = useCallback(
    (dokumenId: number, sesuai: boolean) =>
      update((previous) => ({
        ...previous,
        cek: { ...previous.cek, [dokumenId]: { sesuai, alasan: previous.cek[dokumenId]?.alasan ?? '' } },
      })),
    [update],
  );

  const toggleAlasan = useCallback(
    (kode: AlasanTms, on?: boolean) =>
      update((previous) => {
        const has = previous.alasanTms.includes(kode);
        const next = on ?? !has;
        return {
          ...previous,
          status: next ? 'TMS' : previous.status,
          alasanTms: next
            ? has
              ? previous.alasanTms
              : [...previous.alasanTms, kode]
            : previous.alasanTms.filter((item) => item !== kode),
        };
      }),
    [update],
  );

  const save = useMutation({
    mutationFn: () =>
      simpanVerifikasi(track, detail.id, {
        version: form.version,
        statusVerifikasi: form.status as 'MS' | 'TMS',
        cekDokumen: detail.dokumen.flatMap((item) => {
          const cek = form.cek[item.id];
          return cek && cek.sesuai !== null
            ? [{ dokumenId: item.id, sesuai: cek.sesuai, alasan: cek.sesuai ? null : cek.alasan.trim() }]
            : [];
        }),
        alasanTms: form.status === 'TMS' ? form.alasanTms : [],
        catatan: form.catatan.trim() || null,
      }),
  });

  const submit = useCallback(
    async (andNext: boolean) => {
      if (!editable || save.isPending) return;
      const wrong = formProblem(form, detail);
      if (wrong) {
        setProblem(wrong);
        return;
      }
      try {
        await save.mutateAsync();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) setConflict(error.message);
        else showError(error instanceof Error ? error.message : id.list.failed);
        return;
      }
      localStorage.removeItem(draftKey(track, detail.id));
      showSuccess(t.tersimpan);
      void queryClient.invalidateQueries({ queryKey: ['pelamar'] });
      void queryClient.invalidateQueries({ queryKey: ['pelamar-detail', track, LIST, detail.id] });
      if (!andNext) return;
      try {
        const next = nextId ?? (await ambilBerikutnya(track, [detail.id])).id;
        void navigate(`/${track}/verifikasi/detail?id=${next}`, { replace: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          showInfo(t.antrianKosong);
          void navigate(`/${track}/verifikasi`);
        } else showError(error instanceof Error ? error.message : id.list.failed);
      }
    },
    [editable, save, form, detail, track, queryClient, nextId, navigate],
  );

  // The keyboard: documents, checks, decision, reasons, save – listed in the help overlay.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key === 'Enter') {
        event.preventDefault();
        void submit(true);
        return;
      }
      if (mod && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void submit(false);
        return;
      }
      if (isTyping(event.target) || mod || event.altKey) return;
      const count = detail.dokumen.length;
      switch (event.key) {
        case '?':
          setHelp(true);
          break;
        case 'j':
        case 'J':
        case 'ArrowRight':
          setCurrent((index) => Math.min(count - 1, index + 1));
          break;
        case 'k':
        case 'K':
        case 'ArrowLeft':
          setCurrent((index) => Math.max(0, index - 1));
          break;
        case 's':
        case 'S':
          if (!editable || !dokumen) return;
          setCek(dokumen.id, true);
          setCurrent((index) => Math.min(count - 1, index + 1));
          break;
        case 'x':
        case 'X':
          if (!editable || !dokumen) return;
          event.preventDefault();
          setCek(dokumen.id, false);
          setTimeout(() => reasonInput.current?.focus(), 0);
          break;
        case 'm':
        case 'M':
          if (editable) update((previous) => ({ ...previous, status: 'MS', alasanTms: [] }));
          break;
        case 't':
        case 'T':
          if (editable) update((previous) => ({ ...previous, status: 'TMS' }));
          break;
        default: {
          const digit = Number(event.key);
          const alasan = ALASAN_TMS[digit - 1];
          if (editable && form.status === 'TMS' && Number.isInteger(digit) && alasan) toggleAlasan(alasan.kode);
          return;
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [detail.dokumen.length, dokumen, editable, form.status, setCek, submit, toggleAlasan, update]);

  const cek = dokumen ? form.cek[dokumen.id] : undefined;
  const reload = async () => {
    setConflict(null);
    const fresh = await queryClient.fetchQuery({ ...detailQuery(track, LIST, detail.id), staleTime: 0 });
    // Keep what the verifier typed; take the new version so the next save is against it.
    setForm((previous) => ({ ...previous, version: fresh.verifikasi.version }));
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <div>
            <Title order={2} size="h4" data-testid="nama-pelamar">
              {namaLengkap(detail)}
            </Title>
            <Text size="sm" c="dimmed">
              {detail.noPeserta} · NIK {detail.nik} · {detail.jabatanNama}
            </Text>
          </div>
          <Group gap="xs">
            <StatusBadge status={detail.statusVerifikasi} />
            {detail.statusSupervisi === 'DIKEMBALIKAN' && <Badge color="orange">{t.dikembalikan}</Badge>}
            {held && <Badge variant="outline">{t.diambilAnda}</Badge>}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconKeyboard size={16} aria-hidden />}
              onClick={() => setHelp(true)}
            >
              {t.pintasan} <Kbd ml={6}>?</Kbd>
            </Button>
          </Group>
        </Group>
      </Paper>
      {restored && (
        <Alert color="blue" withCloseButton={false}>
          {t.drafPulih}
        </Alert>
      )}
      {v.catatanSupervisi && detail.statusSupervisi === 'DIKEMBALIKAN' && (
        <Alert color="orange" title={t.catatanSupervisor}>
          {v.catatanSupervisi}
        </Alert>
      )}
      {conflict && (
        <Alert color="red" title={t.konflik} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{conflict}</Text>
            <Button size="xs" color="red" variant="white" onClick={() => void reload()}>
              {t.muatUlang}
            </Button>
          </Stack>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb={6}>
                {t.syarat}
              </Title>
              <SyaratTable detail={detail} />
            </Paper>
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb={6}>
                {t.temuan}
              </Title>
              <TemuanList temuan={v.temuan} onUse={editable ? (alasan) => toggleAlasan(alasan, true) : undefined} />
            </Paper>
            {editable ? (
              <Paper withBorder p="sm" component="form" onSubmit={(event) => event.preventDefault()}>
                <Stack gap="sm">
                  <Title order={3} size="h6">
                    {t.keputusan}
                  </Title>
                  <SegmentedControl
                    fullWidth
                    aria-label={t.keputusan}
                    value={form.status ?? ''}
                    onChange={(value) =>
                      update((previous) => ({
                        ...previous,
                        status: value as 'MS' | 'TMS',
                        alasanTms: value === 'MS' ? [] : previous.alasanTms,
                      }))
                    }
                    data={[
                      { value: 'MS', label: t.msPendek },
                      { value: 'TMS', label: t.tmsPendek },
                    ]}
                    color={form.status === 'TMS' ? 'red' : 'teal'}
                  />
                  {form.status === 'TMS' && (
                    <Checkbox.Group
                      label={t.alasanTms}
                      value={form.alasanTms}
                      onChange={(value) => update((previous) => ({ ...previous, alasanTms: value as AlasanTms[] }))}
                    >
                      <Stack gap={4} mt={4}>
                        {ALASAN_TMS.map((alasan, index) => (
                          <Checkbox
                            key={alasan.kode}
                            value={alasan.kode}
                            label={
                              <>
                                <Kbd size="xs" mr={6}>
                                  {index + 1}
                                </Kbd>
                                {alasan.label}
                              </>
                            }
                          />
                        ))}
                      </Stack>
                    </Checkbox.Group>
                  )}
                  <Textarea
                    label={t.catatan}
                    autosize
                    minRows={2}
                    maxLength={2000}
                    value={form.catatan}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      update((previous) => ({ ...previous, catatan: value }));
                    }}
                  />
                  {problem && (
                    <Alert color="red" p="xs" role="alert">
                      {problem}
                    </Alert>
                  )}
                  <Group justify="flex-end" gap="xs">
                    <Button variant="default" onClick={() => void submit(false)} loading={save.isPending}>
                      {t.simpan}
                    </Button>
                    <Button onClick={() => void submit(true)} loading={save.isPending}>
                      {t.simpanBerikutnya} <Kbd ml={6}>Ctrl+Enter</Kbd>
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Paper withBorder p="sm">
                <Title order={3} size="h6" mb={6}>
                  {t.keputusan}
                </Title>
                {detail.statusVerifikasi === 'BELUM' ? (
                  <ClaimPanel detail={detail} track={track} />
                ) : (
                  <HasilVerifikasi detail={detail} />
                )}
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="sm">
            <DokumenTabs
              detail={detail}
              current={current}
              onSelect={setCurrent}
              stateOf={(dokumenId) => form.cek[dokumenId]?.sesuai}
            />
            {dokumen ? (
              <Stack gap="xs" role="tabpanel" aria-label={dokumenLabel(dokumen.jenis)}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {dokumenLabel(dokumen.jenis)}{' '}
                    <Text span size="xs" c="dimmed">
                      ({t.dokumenKe(current + 1, detail.dokumen.length)})
                    </Text>
                  </Text>
                  {editable ? (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        color="teal"
                        variant={cek?.sesuai === true ? 'filled' : 'light'}
                        onClick={() => setCek(dokumen.id, true)}
                        aria-pressed={cek?.sesuai === true}
                      >
                        {t.sesuai} <Kbd ml={6}>S</Kbd>
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant={cek?.sesuai === false ? 'filled' : 'light'}
                        onClick={() => setCek(dokumen.id, false)}
                        aria-pressed={cek?.sesuai === false}
                      >
                        {t.tidakSesuai} <Kbd ml={6}>X</Kbd>
                      </Button>
                    </Group>
                  ) : (
                    <CekBadge sesuai={cek?.sesuai} />
                  )}
                </Group>
                {editable && cek?.sesuai === false && (
                  <TextInput
                    ref={reasonInput}
                    label={t.alasanDokumen}
                    value={cek.alasan}
                    maxLength={500}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      update((previous) => ({
                        ...previous,
                        cek: { ...previous.cek, [dokumen.id]: { sesuai: false, alasan: value } },
                      }));
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === 'Escape') {
                        event.preventDefault();
                        event.currentTarget.blur();
                      }
                    }}
                  />
                )}
                <DokumenView
                  path={dokumenPath(track, LIST, detail.id, dokumen.id)}
                  detail={detail}
                  dokumenId={dokumen.id}
                  height="68vh"
                />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {id.pelamar.detail.noDokumen}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <Modal opened={help} onClose={() => setHelp(false)} title={t.pintasan} centered>
        <Table>
          <Table.Tbody>
            {t.pintasanDaftar.map(([keys, what]) => (
              <Table.Tr key={keys}>
                <Table.Td w={120}>
                  <Kbd>{keys}</Kbd>
                </Table.Td>
                <Table.Td>{what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}

/** An applicant nobody (or someone else) holds: who has it, or the button to take it. */
function ClaimPanel({ detail, track }: { detail: PelamarDetail; track: TrackId }) {
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => ambilPelamar(track, detail.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pelamar-detail', track, LIST, detail.id] }),
    onError: (error) => showError(error.message),
  });
  const other = detail.verifikasi.klaim && !detail.verifikasi.klaim.olehSaya ? detail.verifikasi.klaim : null;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{other ? `Pelamar ini sedang dikerjakan oleh ${other.nama}.` : t.bukanKlaim}</Text>
      {!other && (
        <Button size="xs" onClick={() => claim.mutate()} loading={claim.isPending}>
          {t.ambilIni}
        </Button>
      )}
    </Stack>
  );
}

export function VerifikasiDetailPage() {
  const track = useCurrentPage()?.track;
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const pelamarId = Number(params.get('id'));
  const valid = Number.isInteger(pelamarId) && pelamarId > 0;
  const query = useQuery({ ...detailQuery(track ?? 'cpns', LIST, pelamarId), enabled: valid && track !== undefined });
  const detail = query.data;
  const working =
    detail?.verifikasi.klaim?.olehSaya === true &&
    (detail.statusVerifikasi === 'BELUM' || detail.statusSupervisi === 'DIKEMBALIKAN');
  // While this applicant is worked on, the next one is claimed and loaded in the background.
  const next = useQuery({
    queryKey: ['verifikasi-berikutnya', track, pelamarId],
    queryFn: async () => {
      const claimed = await ambilBerikutnya(track as TrackId, [pelamarId]);
      await prefetchPelamar(queryClient, track as TrackId, LIST, claimed.id).catch(() => undefined);
      return claimed.id;
    },
    enabled: working && track !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const nextId = useMemo(() => (next.data && next.data !== pelamarId ? next.data : null), [next.data, pelamarId]);

  if (!track) return null;
  return (
    <Stack gap="sm">
      <div>
        <Anchor component={Link} to={`/${track}/verifikasi`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {id.pelamar.detail.back}
          </Group>
        </Anchor>
      </div>
      {!valid && <Alert color="gray">{id.pelamar.detail.missingId}</Alert>}
      {valid && query.isPending && <Skeleton h={480} />}
      {query.error && (
        <Alert color="red" role="alert">
          {query.error instanceof ApiError && query.error.status === 404
            ? id.pelamar.detail.notFound
            : query.error.message}
        </Alert>
      )}
      {detail && <Workspace key={`${detail.id}:${working}`} detail={detail} track={track} nextId={nextId} />}
    </Stack>
  );
}
