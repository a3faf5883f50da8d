// /admin/impor (issue #18): the national operator loads selection data — chooses a kind, downloads
// its template, uploads a file, reads the check's report (rejections to fix, conflicts left
// alone), applies it with a confirmation, and follows the job's progress. The kind and the
// running job live in the URL, so a reload or a second tab shows the same job.

import {
  Alert,
  Badge,
  Button,
  Collapse,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IMPOR_JOB_STATUS_NAMA,
  type ImporCek,
  type ImporJenis,
  type ImporJob,
  type ImporJobStatus,
} from '@portal/contract';
import { IconAlertCircle, IconDownload, IconFileUpload, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  batalkanImpor,
  cekImpor,
  getCekImpor,
  getDitolak,
  getImporJenis,
  getImporJob,
  getImporJobs,
  getTemplate,
  terapkanImpor,
} from '../../api/impor';
import { errorMessage } from '../../auth/AuthCard';
import { idDataSeleksi } from '../../i18n/data-seleksi';
import { saveBlob } from '../../table/ExportButtons';
import { showError, showInfo, showSuccess } from '../../ui/toast';

const t = idDataSeleksi.impor;
const angka = (n: number) => n.toLocaleString('id-ID');
const wib = (iso: string) =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Jakarta' }).format(
    new Date(iso),
  );
const STATUS_COLOR: Record<ImporJobStatus, string> = {
  BERJALAN: 'blue',
  SELESAI: 'teal',
  DIBATALKAN: 'gray',
  GAGAL: 'red',
};

function Counts({
  report,
}: {
  report: Pick<ImporCek, 'dibaca' | 'baru' | 'berubah' | 'sama' | 'ditolak' | 'konflik'>;
}) {
  const items: [string, number, string][] = [
    [t.dibaca, report.dibaca, 'dark'],
    [t.baru, report.baru, 'teal'],
    [t.berubah, report.berubah, 'blue'],
    [t.sama, report.sama, 'gray'],
    [t.ditolak, report.ditolak, 'red'],
    [t.konflik, report.konflik, 'orange'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
      {items.map(([label, value, color]) => (
        <Paper key={label} withBorder p="xs">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} c={color} data-testid={`jumlah-${label.toLowerCase().replaceAll(' ', '-')}`}>
            {angka(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function JobProgress({ job, onCancel }: { job: ImporJob; onCancel: () => void }) {
  const percent = job.total === 0 ? 100 : Math.round((job.selesai / job.total) * 100);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {t.progres}: {job.namaFile}
          </Text>
          <Badge color={STATUS_COLOR[job.status]}>{IMPOR_JOB_STATUS_NAMA[job.status]}</Badge>
        </Group>
        <Progress value={percent} size="lg" aria-label={t.progres} animated={job.status === 'BERJALAN'} />
        <Text size="sm" aria-live="polite">
          {t.progresTeks(angka(job.selesai), angka(job.total), angka(job.barisPerDetik))}
          {job.sisaDetik !== null ? ` · ${t.sisa(angka(job.sisaDetik))}` : ''}
        </Text>
        {job.status !== 'BERJALAN' && <Counts report={job} />}
        {job.pesan && <Alert color={job.status === 'GAGAL' ? 'red' : 'gray'}>{job.pesan}</Alert>}
        {job.status === 'BERJALAN' && (
          <Group>
            <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={onCancel}>
              {t.batalkan}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function ImporPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const jenisList = useQuery({ queryKey: ['impor-jenis'], queryFn: ({ signal }) => getImporJenis(signal) });
  const jenis = (params.get('jenis') ?? 'pelamar') as ImporJenis;
  const jobId = params.get('job');
  const info = jenisList.data?.find((j) => j.jenis === jenis);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showColumns, setShowColumns] = useState(false);

  // The check followed, in the address (a large file's check goes on after the upload is
  // answered; the page can be reloaded meanwhile): its report once it has ended.
  const cekId = params.get('cek');
  const cek = useQuery({
    queryKey: ['impor-cek', cekId],
    queryFn: ({ signal }) => getCekImpor(cekId as string, signal),
    enabled: cekId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'MEMERIKSA' ? 1000 : false),
  });
  const report: ImporCek | null = cek.data?.status === 'SELESAI' ? cek.data : null;
  const checking = cek.data?.status === 'MEMERIKSA' ? cek.data : null;

  const job = useQuery({
    queryKey: ['impor-job', jobId],
    queryFn: ({ signal }) => getImporJob(jobId as string, signal),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'BERJALAN' || !query.state.data ? 1000 : false),
  });
  const history = useQuery({
    queryKey: ['impor-jobs', jenis],
    queryFn: ({ signal }) => getImporJobs(jenis, signal),
    refetchInterval: job.data?.status === 'BERJALAN' ? 3000 : false,
  });
  // A job of this kind running elsewhere (another tab, another operator) is shown too.
  const running = job.data ?? history.data?.find((j) => j.status === 'BERJALAN');

  const setQuery = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  async function periksa() {
    if (!file) return;
    setBusy(true);
    setQuery({ cek: null });
    try {
      const answer = await cekImpor(jenis, file);
      queryClient.setQueryData(['impor-cek', answer.id], answer);
      setQuery({ cek: answer.id });
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function terapkan() {
    if (!report) return;
    setConfirming(false);
    try {
      const started = await terapkanImpor(report.id);
      setQuery({ job: started.id, cek: null });
      setFile(null);
    } catch (error) {
      showError(errorMessage(error));
    }
  }

  async function batalkan(id: string) {
    try {
      await batalkanImpor(id);
      showInfo({ message: t.dibatalkan });
      void queryClient.invalidateQueries({ queryKey: ['impor-job'] });
    } catch (error) {
      showError(errorMessage(error));
    }
  }

  async function unduh(load: () => Promise<Blob>, name: string) {
    try {
      saveBlob(await load(), name);
    } catch (error) {
      showError(errorMessage(error));
    }
  }

  // A check that failed after its upload was answered: its reason, once; the form is free again.
  const failed = cek.data?.status === 'GAGAL' ? cek.data : null;
  useEffect(() => {
    if (!failed) return;
    showError(failed.pesan ?? t.gagal);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('cek');
        return next;
      },
      { replace: true },
    );
  }, [failed, setParams]);

  // When the followed job ends: say so once (not again after a reload) and refresh the history.
  const ended = job.data && job.data.status !== 'BERJALAN' ? job.data : null;
  useEffect(() => {
    if (!ended || sessionStorage.getItem(`impor-selesai:${ended.id}`) !== null) return;
    sessionStorage.setItem(`impor-selesai:${ended.id}`, '1');
    if (ended.status === 'SELESAI') showSuccess(t.selesai);
    else if (ended.status === 'GAGAL') showError(ended.pesan ?? t.gagal);
    void queryClient.invalidateQueries({ queryKey: ['impor-jobs'] });
  }, [ended, queryClient]);

  return (
    <Stack gap="md" maw={1200}>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group align="end" wrap="wrap">
            <Select
              label={t.jenis}
              data={(jenisList.data ?? []).map((j) => ({ value: j.jenis, label: j.judul }))}
              value={jenis}
              onChange={(value) => {
                if (!value) return;
                setQuery({ jenis: value, job: null, cek: null });
              }}
              allowDeselect={false}
              w={240}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void unduh(() => getTemplate(jenis), `template-${jenis}.xlsx`)}
            >
              {t.template}
            </Button>
            <Button variant="subtle" onClick={() => setShowColumns((v) => !v)} aria-expanded={showColumns}>
              {t.kolom}
            </Button>
          </Group>
          <Collapse expanded={showColumns}>
            {info && (
              <Stack gap="xs">
                <Text size="sm">{t.kunci(info.kunci.join(' + '))}</Text>
                <Table.ScrollContainer minWidth={640}>
                  <Table striped withTableBorder>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t.kolomNama}</Table.Th>
                        <Table.Th>{t.kolomTipe}</Table.Th>
                        <Table.Th>{t.kolomWajib}</Table.Th>
                        <Table.Th>{t.kolomContoh}</Table.Th>
                        <Table.Th>{t.kolomKeterangan}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {info.kolom.map((k) => (
                        <Table.Tr key={k.nama}>
                          <Table.Td>
                            <code>{k.nama}</code>
                          </Table.Td>
                          <Table.Td>{k.tipe}</Table.Td>
                          <Table.Td>{k.wajib ? t.ya : t.tidak}</Table.Td>
                          <Table.Td>{k.contoh}</Table.Td>
                          <Table.Td>{k.keterangan}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            )}
          </Collapse>
          <Group align="end" wrap="wrap">
            <FileInput
              label={t.berkas}
              placeholder={t.berkasPlaceholder}
              accept={jenis === 'dokumen' ? '.zip' : '.xlsx,.csv,.jsonl,.txt'}
              value={file}
              onChange={(value) => {
                setFile(value);
                setQuery({ cek: null });
              }}
              clearable
              w={{ base: '100%', sm: 420 }}
              leftSection={<IconFileUpload size={16} />}
            />
            <Button onClick={() => void periksa()} disabled={!file} loading={busy || checking !== null}>
              {t.periksa}
            </Button>
          </Group>
          {checking && (
            <Text size="sm" role="status" aria-live="polite">
              {t.memeriksaBaris(angka(checking.dibaca))}
            </Text>
          )}
        </Stack>
      </Paper>

      {report && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t.hasilCek(report.namaFile)}
            </Title>
            <Counts report={report} />
            {report.penolakan.length > 0 && (
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>{t.penolakan}</Text>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => void unduh(() => getDitolak(report.id, 'csv'), `ditolak-${jenis}.csv`)}
                    >
                      {t.unduhDitolakCsv}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => void unduh(() => getDitolak(report.id, 'xlsx'), `ditolak-${jenis}.xlsx`)}
                    >
                      {t.unduhDitolakXlsx}
                    </Button>
                  </Group>
                </Group>
                <Table.ScrollContainer minWidth={560}>
                  <Table striped withTableBorder aria-label={t.penolakan}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t.baris}</Table.Th>
                        <Table.Th>{t.kolomNama}</Table.Th>
                        <Table.Th>{t.nilai}</Table.Th>
                        <Table.Th>{t.pesan}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {report.penolakan.map((p) => (
                        <Table.Tr key={`${p.baris}-${p.kolom}-${p.pesan}`}>
                          <Table.Td>{p.baris}</Table.Td>
                          <Table.Td>{p.kolom ?? '–'}</Table.Td>
                          <Table.Td>{p.nilai ?? '–'}</Table.Td>
                          <Table.Td>{p.pesan}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            )}
            {report.konflikList.length > 0 && (
              <Stack gap="xs">
                <Text fw={600}>{t.konflikJudul}</Text>
                <Table.ScrollContainer minWidth={560}>
                  <Table striped withTableBorder aria-label={t.konflikJudul}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t.baris}</Table.Th>
                        <Table.Th>{t.kunciKolom}</Table.Th>
                        <Table.Th>{t.pesan}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {report.konflikList.map((k) => (
                        <Table.Tr key={k.baris}>
                          <Table.Td>{k.baris}</Table.Td>
                          <Table.Td>{k.kunci}</Table.Td>
                          <Table.Td>{k.alasan}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            )}
            {report.baru + report.berubah === 0 ? (
              <Alert color="gray" icon={<IconAlertCircle size={16} />}>
                {t.tidakAdaPerubahan}
              </Alert>
            ) : (
              <Group>
                <Button
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={() => setConfirming(true)}
                  disabled={running?.status === 'BERJALAN'}
                >
                  {t.terapkan}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}

      {running && <JobProgress job={running} onCancel={() => void batalkan(running.id)} />}

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t.riwayat}
          </Title>
          {history.data && history.data.length === 0 && <Text c="dimmed">{t.riwayatKosong}</Text>}
          {history.data && history.data.length > 0 && (
            <Table.ScrollContainer minWidth={640}>
              <Table striped withTableBorder aria-label={t.riwayat}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.waktu}</Table.Th>
                    <Table.Th>{t.berkasKolom}</Table.Th>
                    <Table.Th>{t.status}</Table.Th>
                    <Table.Th>{t.hasil}</Table.Th>
                    <Table.Th>{t.oleh}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.map((j) => (
                    <Table.Tr key={j.id}>
                      <Table.Td>{wib(j.mulai)}</Table.Td>
                      <Table.Td>{j.namaFile}</Table.Td>
                      <Table.Td style={{ minWidth: 130 }}>
                        <Badge color={STATUS_COLOR[j.status]}>{IMPOR_JOB_STATUS_NAMA[j.status]}</Badge>
                      </Table.Td>
                      <Table.Td>{t.ringkas(j.baru, j.berubah, j.konflik)}</Table.Td>
                      <Table.Td>{j.oleh}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t.konfirmasiJudul} centered>
        {report && (
          <Stack>
            <Text>{t.konfirmasi(angka(report.baru), angka(report.berubah))}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t.batal}
              </Button>
              <Button onClick={() => void terapkan()}>{t.terapkan}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
