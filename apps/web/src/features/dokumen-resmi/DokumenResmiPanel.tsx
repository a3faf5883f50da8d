// The official documents on the Rekap Seluruh Pelamar page (issue #20), for the instansi's admin of
// the track only (the same role check as the server; the page's monitoring roles print nothing):
// "Cetak Pengumuman" / "Cetak Berita Acara" once the results are locked, and those made so far.
// Issue #31: an announcement after the first is an amendment (named in the list and the form), the
// Excel copy is the one kept at issue, and a QR address only the server can open is warned about.

import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  type DokumenResmi,
  type DokumenResmiJenis,
  formatTanggal,
  formatWaktu,
  hasTrackRole,
  type TrackId,
} from '@portal/contract';
import {
  IconAlertTriangle,
  IconDownload,
  IconFileCertificate,
  IconFileSpreadsheet,
  IconInfoCircle,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import {
  dokumenFileName,
  getDokumenPdf,
  getDokumenProgres,
  getDokumenResmi,
  getPengumumanXlsx,
} from '../../api/dokumen-resmi';
import { errorMessage } from '../../auth/AuthCard';
import { useAuth } from '../../auth/authStore';
import { idDokumenResmi } from '../../i18n/dokumen-resmi';
import { saveBlob } from '../../table/ExportButtons';
import { SimpleTable } from '../../ui/SimpleTable';
import { showError, showSuccess } from '../../ui/toast';
import { KemajuanPembuatan, persenJob } from './KemajuanPembuatan';

const t = idDokumenResmi;
// The form (its validation schemas and date picker) loads when "Cetak" is chosen, not with the
// recap every admin opens (issue #22).
const DokumenResmiForm = lazy(() => import('./DokumenResmiForm').then((m) => ({ default: m.DokumenResmiForm })));
const ICONS: Record<DokumenResmiJenis, typeof IconSpeakerphone> = {
  PENGUMUMAN: IconSpeakerphone,
  BERITA_ACARA: IconFileCertificate,
};

export function DokumenResmiPanel({ track }: { track: TrackId }) {
  const user = useAuth().user;
  const isAdmin = user ? hasTrackRole(user.authorities, track, 'ADMIN') : false;
  return isAdmin ? <Panel track={track} /> : null;
}

function Panel({ track }: { track: TrackId }) {
  const [open, setOpen] = useState<DokumenResmiJenis | null>(null);
  const reasonId = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['dokumen-resmi', track],
    queryFn: ({ signal }) => getDokumenResmi(track, signal),
    // Issue #33: an announcement being made (after a reload, in another tab) is followed here.
    refetchInterval: (q) => (q.state.data?.pembuatan ? 1000 : false),
  });
  const status = query.data;
  /** The job this panel saw being made, to say how it ended once it is no longer running. */
  const [diikuti, setDiikuti] = useState<string | null>(null);
  const [gagal, setGagal] = useState<string | null>(null);
  const berjalan = status?.pembuatan ?? null;
  useEffect(() => {
    if (berjalan) {
      if (open === null) setDiikuti(berjalan.id);
      return;
    }
    if (!diikuti) return;
    setDiikuti(null);
    getDokumenProgres(track, diikuti)
      .then((akhir) => {
        if (akhir?.status === 'SELESAI' && akhir.dokumen) showSuccess(t.selesaiDibuat(akhir.dokumen.kode));
        else if (akhir?.status === 'GAGAL') setGagal(akhir.pesan);
        void queryClient.invalidateQueries({ queryKey: ['dokumen-resmi', track] });
      })
      .catch(() => undefined);
  }, [berjalan, diikuti, open, track, queryClient]);
  if (!status) {
    if (query.isError) {
      return (
        <Alert color="red" variant="light" title={t.judul}>
          {errorMessage(query.error)}
        </Alert>
      );
    }
    return <Skeleton h={96} />;
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${reasonId}-judul`}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5" id={`${reasonId}-judul`}>
            {t.judul}
          </Title>
          <Text size="sm" c="dimmed">
            {t.keterangan}
          </Text>
        </div>
        {status.peringatanAlamat && (
          // A standing advice, not news: a note, so the page's live alerts (a failed list) stay alone.
          <Alert role="note" color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t.alamatQr}>
            {status.peringatanAlamat}
          </Alert>
        )}
        {berjalan && open === null && (
          <KemajuanPembuatan
            judul={berjalan.status === 'MENUNGGU' ? t.menunggu : t.sedangDibuat}
            keterangan={berjalan.status === 'MENUNGGU' ? t.menungguKet : t.sedangDibuatKet}
            label={t.sedangDibuat}
            persen={persenJob(berjalan)}
            batal={{ track, job: berjalan }}
          />
        )}
        {gagal && (
          <Alert color="red" variant="light" title={t.gagalDibuat} withCloseButton onClose={() => setGagal(null)}>
            {gagal}
          </Alert>
        )}
        <Group gap="sm" wrap="wrap" align="center">
          {(['PENGUMUMAN', 'BERITA_ACARA'] as const).map((jenis) => (
            <CetakButton
              key={jenis}
              jenis={jenis}
              alasan={
                !status.terkunci
                  ? (status.alasan ?? t.belumBisa)
                  : jenis === 'PENGUMUMAN' && berjalan
                    ? t.sedangDibuat
                    : null
              }
              reasonId={reasonId}
              onClick={() => setOpen(jenis)}
            />
          ))}
          {!status.terkunci && (
            <Text id={reasonId} size="sm" c="orange.9" style={{ flex: '1 1 280px' }}>
              <IconInfoCircle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
              {status.alasan ?? t.belumBisa}
            </Text>
          )}
        </Group>
        <DaftarDokumen track={track} dokumen={status.dokumen} />
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <DokumenResmiForm
            track={track}
            jenis={open}
            kop={status.kop}
            // The list is newest first: a new document amends the latest one of its kind (issue #31).
            mengubah={status.dokumen.find((item) => item.jenis === open) ?? null}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </Paper>
  );
}

interface CetakButtonProps {
  jenis: DokumenResmiJenis;
  /** Why it cannot be printed yet; null once the results are locked. */
  alasan: string | null;
  reasonId: string;
  onClick: () => void;
}

function CetakButton({ jenis, alasan, reasonId, onClick }: CetakButtonProps) {
  const Icon = ICONS[jenis];
  const button = (
    <Button
      leftSection={<Icon size={16} aria-hidden />}
      disabled={alasan !== null}
      aria-describedby={alasan === null ? undefined : reasonId}
      onClick={onClick}
    >
      {t.cetak[jenis]}
    </Button>
  );
  if (alasan === null) return button;
  return (
    <Tooltip label={alasan} multiline w={300} withArrow>
      {/* A disabled button gets no pointer events: the tooltip hangs on its wrapper. */}
      <span>{button}</span>
    </Tooltip>
  );
}

function DaftarDokumen({ track, dokumen }: { track: TrackId; dokumen: DokumenResmi[] }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const unduh = async (item: DokumenResmi, excel = false) => {
    setDownloading(item.kode);
    try {
      if (excel)
        saveBlob(await getPengumumanXlsx(track, item.kode), dokumenFileName(track, item.jenis, item.kode, 'xlsx'));
      else saveBlob(await getDokumenPdf(track, item.kode), dokumenFileName(track, item.jenis, item.kode));
      showSuccess(t.diunduh(item.kode));
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  if (dokumen.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.belumAda}
      </Text>
    );
  }
  return (
    <SimpleTable
      label={t.daftar}
      caption
      minWidth={720}
      head={[
        t.kolom.jenis,
        t.kolom.nomor,
        t.kolom.tanggal,
        t.kolom.kode,
        t.kolom.dibuatOleh,
        t.kolom.dibuatAt,
        t.kolom.aksi,
      ]}
      rows={dokumen}
      rowKey={(item) => item.kode}
      cells={(item) => [
        t.jenis[item.jenis],
        <div key="nomor">
          <span style={{ whiteSpace: 'nowrap' }}>{item.nomor}</span>
          {item.mengubah && (
            <Text size="xs" c="dimmed">
              {t.perubahanAtas(item.jenis, item.mengubah.nomor)}
            </Text>
          )}
          {item.diubahOleh && (
            <Text size="xs" c="orange.9">
              {t.diubahOleh(item.jenis, item.diubahOleh.nomor)}
            </Text>
          )}
        </div>,
        <span key="tanggal" style={{ whiteSpace: 'nowrap' }}>
          {formatTanggal(item.tanggal)}
        </span>,
        <Text key="kode" span ff="monospace" size="sm">
          {item.kode}
        </Text>,
        item.dibuatOleh,
        formatWaktu(item.dibuatAt),
        <Group key="aksi" gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={downloading === item.kode}
            disabled={downloading !== null && downloading !== item.kode}
            aria-label={t.unduhLagiLabel(item.kode)}
            onClick={() => void unduh(item)}
          >
            {t.unduhLagi}
          </Button>
          {item.xlsx && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
              disabled={downloading !== null}
              aria-label={t.unduhExcelLabel(item.kode)}
              onClick={() => void unduh(item, true)}
            >
              {t.unduhExcel}
            </Button>
          )}
        </Group>,
      ]}
    />
  );
}
