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
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IMPOR_JOB_STATUS_NAMA, IMPOR_LAPORAN_BATAS, type ImporCek, type ImporJenis } from '@portal/contract';
import { IconAlertCircle, IconDownload, IconFileUpload, IconPlayerPlay } from '@tabler/icons-react';
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
import { saveBlob } from '../../table/ExportButtons';
import { SimpleTable } from '../../ui/SimpleTable';
import { showError, showInfo, showSuccess } from '../../ui/toast';
import { angka, Counts, JobProgress, STATUS_COLOR, t, wib } from './ImporParts';

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
                <SimpleTable
                  label={t.kolom}
                  minWidth={640}
                  head={[t.kolomNama, t.kolomTipe, t.kolomWajib, t.kolomContoh, t.kolomKeterangan]}
                  rows={info.kolom}
                  rowKey={(k) => k.nama}
                  cells={(k) => [
                    <code key="nama">{k.nama}</code>,
                    k.tipe,
                    k.wajib ? t.ya : t.tidak,
                    k.contoh,
                    k.keterangan,
                  ]}
                />
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
                  <Stack gap={0}>
                    <Text fw={600}>{t.penolakan}</Text>
                    <Text size="sm" c="dimmed">
                      {t.penolakanKet}
                    </Text>
                  </Stack>
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
                <SimpleTable
                  label={t.penolakan}
                  head={[t.baris, t.kolomNama, t.nilai, t.pesan]}
                  rows={report.penolakan}
                  rowKey={(p) => `${p.baris}-${p.kolom}-${p.pesan}`}
                  cells={(p) => [p.baris, p.kolom ?? t.seluruhBaris, p.nilai ?? t.kosong, p.pesan]}
                />
                {report.penolakan.length >= IMPOR_LAPORAN_BATAS && (
                  <Text size="sm" c="dimmed">
                    {t.penolakanTerbatas(IMPOR_LAPORAN_BATAS)}
                  </Text>
                )}
              </Stack>
            )}
            {report.konflikList.length > 0 && (
              <Stack gap="xs">
                <Text fw={600}>{t.konflikJudul}</Text>
                <SimpleTable
                  label={t.konflikJudul}
                  head={[t.baris, t.kunciKolom, t.pesan]}
                  rows={report.konflikList}
                  rowKey={(k) => k.baris}
                  cells={(k) => [k.baris, k.kunci, k.alasan]}
                />
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
            <SimpleTable
              label={t.riwayat}
              minWidth={640}
              head={[t.waktu, t.berkasKolom, t.status, t.hasil, t.oleh]}
              rows={history.data}
              rowKey={(j) => j.id}
              cells={(j) => [
                wib(j.mulai),
                j.namaFile,
                <Badge key="status" color={STATUS_COLOR[j.status]}>
                  {IMPOR_JOB_STATUS_NAMA[j.status]}
                </Badge>,
                t.ringkas(j.baru, j.berubah, j.konflik),
                j.oleh,
              ]}
            />
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
