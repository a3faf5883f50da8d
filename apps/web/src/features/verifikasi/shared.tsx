// Pieces every verification screen shares (issue #4): the detail and document queries (one cache
// key each, so prefetching the next applicant fills exactly what its screen reads), the data
// beside the formasi's requirements, the system's findings, the verifier's result, the history.

import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Timeline, Title, UnstyledButton } from '@mantine/core';
import { ALASAN_TMS, type PelamarDetail, type PelamarList, type Temuan, type TrackId } from '@portal/contract';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dokumenPath, getBerkas, getPelamarDetail } from '../../api/pelamar';
import { formatTanggal, formatWaktu } from '../../i18n/format';
import { id } from '../../i18n/id';
import { DocumentViewer } from './DocumentViewer';

const t = id.verifikasi;
const f = id.pelamar.detail.fields;

export const detailQuery = (track: TrackId, list: PelamarList, pelamarId: number) => ({
  queryKey: ['pelamar-detail', track, list, pelamarId] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getPelamarDetail(track, list, pelamarId, signal),
});

/** A document's file by its call path (dokumenPath, or a screen's own). */
export const dokumenQuery = (path: string) => ({
  queryKey: ['pelamar-dokumen', path] as const,
  queryFn: () => getBerkas(path),
  staleTime: 60 * 60 * 1000,
});

/** Loads an applicant's detail and first document into the cache before they are shown. */
export async function prefetchPelamar(client: QueryClient, track: TrackId, list: PelamarList, pelamarId: number) {
  const detail = await client.fetchQuery({ ...detailQuery(track, list, pelamarId), staleTime: 30_000 });
  const first = detail.dokumen[0];
  if (first) await client.prefetchQuery(dokumenQuery(dokumenPath(track, list, pelamarId, first.id)));
}

export const namaLengkap = (detail: Pick<PelamarDetail, 'gelarDepan' | 'nama' | 'gelarBelakang'>) =>
  [detail.gelarDepan, detail.nama].filter(Boolean).join(' ') +
  (detail.gelarBelakang ? `, ${detail.gelarBelakang}` : '');

export const alasanLabel = (kode: string) => ALASAN_TMS.find((alasan) => alasan.kode === kode)?.label ?? kode;
export const dokumenLabel = (jenis: string) => id.pelamar.detail.dokumenNames[jenis] ?? jenis;

function Cell({ children, bad }: { children: ReactNode; bad?: boolean }) {
  return (
    <Table.Td c={bad ? 'red.8' : undefined} fw={bad ? 600 : undefined} style={{ wordBreak: 'break-word' }}>
      {children}
      {bad && <IconAlertTriangle size={14} aria-label="tidak sesuai" style={{ marginLeft: 4, verticalAlign: -2 }} />}
    </Table.Td>
  );
}

/** The applicant's data beside what the formasi asks, mismatches the system sees in red. */
export function SyaratTable({ detail }: { detail: PelamarDetail }) {
  const v = detail.verifikasi;
  const found = new Set(v.temuan.map((temuan) => temuan.kode));
  const rows: [string, ReactNode, ReactNode, boolean][] = [
    [
      f.jabatan,
      detail.jabatanNama,
      `${detail.lokasiNama} · ${id.pelamar.jenisFormasiNames[detail.jenisFormasi]}`,
      false,
    ],
    [
      t.usia,
      v.usia ? t.usiaNilai(v.usia.tahun, v.usia.bulan) : '–',
      `${t.usiaSyarat(v.syarat.usiaMin, v.syarat.usiaMax)}${v.syarat.tglTutup ? ` (${formatTanggal(v.syarat.tglTutup, 'long')})` : ''}`,
      found.has('USIA'),
    ],
    [t.namaKtpIjazah, `${detail.nama} / ${v.namaIjazah}`, '–', found.has('NAMA_BERBEDA')],
    [
      t.lahirKtpIjazah,
      `${detail.tempatLahirKtp}, ${formatTanggal(detail.tanggalLahirKtp)} / ${detail.tempatLahirIjazah}, ${formatTanggal(detail.tanggalLahirIjazah)}`,
      '–',
      found.has('LAHIR_BERBEDA'),
    ],
    [t.prodi, `${detail.prodi} (${detail.lembagaPendidikan})`, v.syarat.pendidikanNama, found.has('PENDIDIKAN')],
    [t.ipk, detail.ipk, `≥ ${v.syarat.ipkMin}`, found.has('IPK')],
    [t.akreditasi, `${detail.akreditasiLembaga} / ${detail.akreditasiProdi}`, '–', false],
    [f.noIjazah, `${detail.noIjazah} · ${formatTanggal(detail.tglIjazah)}`, '–', false],
  ];
  return (
    <Table verticalSpacing={6} fz="sm" aria-label={t.syarat} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">{t.kolomData}</Table.Th>
          <Table.Th>{t.kolomPelamar}</Table.Th>
          <Table.Th w="32%">{t.kolomSyarat}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, pelamar, syarat, bad]) => (
          <Table.Tr key={label}>
            <Table.Td c="dimmed">{label}</Table.Td>
            <Cell bad={bad}>{pelamar}</Cell>
            <Table.Td>{syarat}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function TemuanList({ temuan, onUse }: { temuan: Temuan[]; onUse?: (alasan: Temuan['alasan']) => void }) {
  if (temuan.length === 0) {
    return (
      <Text size="sm" c="teal.8">
        {t.tidakAdaTemuan}
      </Text>
    );
  }
  return (
    <Stack gap={6} role="list" aria-label={t.temuan}>
      {temuan.map((item) => (
        <Alert key={item.kode} color="orange" p="xs" role="listitem" icon={<IconAlertTriangle size={16} aria-hidden />}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{item.pesan}</Text>
            {onUse && (
              <Button size="compact-xs" variant="light" color="orange" onClick={() => onUse(item.alasan)}>
                {t.pakaiAlasan}
              </Button>
            )}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

/** One document in the viewer, from the shared cache; `path`: its call (dokumenPath, or a screen's own). */
/** A stored file by its call path, in the viewer. */
export function BerkasView({ path, title, height }: { path: string; title: string; height?: number | string }) {
  const query = useQuery(dokumenQuery(path));
  return (
    <DocumentViewer
      title={title}
      blob={query.data}
      loading={query.isPending}
      error={query.isError}
      onRetry={() => void query.refetch()}
      height={height}
    />
  );
}

export function DokumenView({
  detail,
  dokumenId,
  height,
  path,
}: {
  detail: PelamarDetail;
  dokumenId: number;
  height?: number | string;
  path: string;
}) {
  const dokumen = detail.dokumen.find((item) => item.id === dokumenId);
  return dokumen ? <BerkasView path={path} title={dokumenLabel(dokumen.jenis)} height={height} /> : null;
}

export function CekBadge({ sesuai }: { sesuai: boolean | null | undefined }) {
  if (sesuai === true)
    return (
      <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
        {t.sesuai}
      </Badge>
    );
  if (sesuai === false)
    return (
      <Badge color="red" variant="light" leftSection={<IconX size={12} aria-hidden />}>
        {t.tidakSesuai}
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      {t.belumDiperiksa}
    </Badge>
  );
}

/** What the verifier decided, with the checks, reasons and notes (read-only). */
export function HasilVerifikasi({ detail }: { detail: PelamarDetail }) {
  const v = detail.verifikasi;
  const s = id.supervisi;
  const checks = new Map(v.cekDokumen.map((cek) => [cek.dokumenId, cek]));
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge
          color={detail.statusVerifikasi === 'MS' ? 'teal' : detail.statusVerifikasi === 'TMS' ? 'red' : 'gray'}
          size="lg"
        >
          {id.pelamar.status[detail.statusVerifikasi]}
        </Badge>
        <Badge variant="outline" color={detail.statusSupervisi === 'DIKEMBALIKAN' ? 'orange' : 'gray'}>
          {detail.statusSupervisi ? s.status[detail.statusSupervisi] : s.menunggu}
        </Badge>
        <Text size="sm" c="dimmed">
          {detail.verifikatorNama ?? '–'} · {formatTanggal(detail.tglVerifikasi, 'long')}
        </Text>
      </Group>
      {v.alasanTms.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {s.alasanTms}
          </Text>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {v.alasanTms.map((kode) => (
              <li key={kode}>
                <Text size="sm">{alasanLabel(kode)}</Text>
              </li>
            ))}
          </ul>
        </div>
      )}
      {v.catatanVerifikasi && (
        <Text size="sm">
          <b>{s.catatanVerifikator}:</b> {v.catatanVerifikasi}
        </Text>
      )}
      {v.catatanSupervisi && (
        <Text size="sm">
          <b>{t.catatanSupervisor}:</b> {v.catatanSupervisi}
        </Text>
      )}
      {detail.dokumen.length > 0 && v.cekDokumen.length > 0 && (
        <Table fz="sm" verticalSpacing={4} aria-label={s.cekDokumen}>
          <Table.Tbody>
            {detail.dokumen.map((dokumen) => {
              const cek = checks.get(dokumen.id);
              return (
                <Table.Tr key={dokumen.id}>
                  <Table.Td>{dokumenLabel(dokumen.jenis)}</Table.Td>
                  <Table.Td>
                    <CekBadge sesuai={cek?.sesuai} />
                  </Table.Td>
                  <Table.Td c="dimmed">{cek?.alasan ?? ''}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

type Riwayat = NonNullable<PelamarDetail['verifikasi']['riwayat']>[number];

/** The trail as read: a decision's document checks folded into one line ("7 sesuai, 1 tidak"). */
export function ringkasRiwayat(riwayat: Riwayat[]): Riwayat[] {
  const result: Riwayat[] = [];
  let checks: Riwayat[] = [];
  const flush = () => {
    const first = checks[0];
    if (!first) return;
    const sesuai = checks.filter((event) => event.ke === 'SESUAI').length;
    const reasons = checks
      .filter((event) => event.ke !== 'SESUAI')
      .map((event) => event.alasan)
      .filter(Boolean);
    result.push({
      ...first,
      dari: null,
      ke: `${sesuai} ${t.sesuai.toLowerCase()}, ${checks.length - sesuai} ${t.tidakSesuai.toLowerCase()}`,
      alasan: reasons.join('; ') || null,
    });
    checks = [];
  };
  for (const event of riwayat) {
    if (event.aksi === 'CEK_DOKUMEN' && (checks.length === 0 || checks[0]?.oleh === event.oleh)) {
      checks.push(event);
      continue;
    }
    flush();
    if (event.aksi === 'CEK_DOKUMEN') checks.push(event);
    else result.push(event);
  }
  flush();
  return result;
}

const statusSupervisi = (kode: string) => id.supervisi.status[kode] ?? kode;
/** MS, TMS, or a returned decision "TMS (DIKEMBALIKAN)". */
const statusVerifikasi = (kode: string): string => {
  const dikembalikan = /^(\w+) \((\w+)\)$/.exec(kode);
  if (dikembalikan)
    return `${statusVerifikasi(dikembalikan[1] ?? '')} (${statusSupervisi(dikembalikan[2] ?? '').toLowerCase()})`;
  return (id.pelamar.statusShort as Record<string, string>)[kode] ?? kode;
};
const statusSanggah = (kode: string) => id.sanggah.status[kode] ?? kode;
const statusAfirmasi = (kode: string) => id.afirmasi.status[kode] ?? kode;
const statusSanggahNilai = (kode: string) => id.sanggahNilai.status[kode] ?? kode;

/** How an event's from/to codes read, per action (codes the trail keeps; labels people read). */
const KODE_AKSI: Record<string, { dari?: (kode: string) => string; ke?: (kode: string) => string }> = {
  VERIFIKASI: { dari: statusVerifikasi, ke: statusVerifikasi },
  SUPERVISI: { dari: statusVerifikasi, ke: statusSupervisi },
  SANGGAH_DITERIMA: { dari: statusVerifikasi, ke: statusVerifikasi },
  RESET_SANGGAH: { dari: statusVerifikasi, ke: statusVerifikasi },
  JAWAB_BUTIR_SANGGAH: { dari: alasanLabel, ke: statusSanggah },
  JAWAB_SANGGAH: { dari: statusSanggah, ke: statusSanggah },
  RESET_JAWABAN_SANGGAH: { dari: statusSanggah, ke: statusSanggah },
  CEK_JAWABAN_SANGGAH: { ke: (kode) => id.sanggah.cek[kode] ?? kode },
  PERIKSA_AFIRMASI: { dari: statusAfirmasi, ke: statusAfirmasi },
  AFIRMASI_DIVALIDKAN: { dari: statusAfirmasi, ke: statusAfirmasi },
  JAWAB_SANGGAH_NILAI: { dari: statusSanggahNilai, ke: statusSanggahNilai },
  PERSETUJUAN_SANGGAH_NILAI: { dari: statusSanggahNilai, ke: statusSanggahNilai },
};

/** An event's title: the action, then from → to in words. */
export function judulRiwayat(event: Pick<Riwayat, 'aksi' | 'dari' | 'ke'>): string {
  const label = KODE_AKSI[event.aksi];
  const dari = event.dari ? (label?.dari?.(event.dari) ?? event.dari) : null;
  const ke = event.ke ? (label?.ke?.(event.ke) ?? event.ke) : null;
  return `${t.aksi[event.aksi] ?? event.aksi}${ke ? `: ${dari ? `${dari} → ` : ''}${ke}` : ''}`;
}

/** The applicant's audit trail, for supervisors and admins. */
export function RiwayatPanel({ detail }: { detail: PelamarDetail }) {
  const riwayat = detail.verifikasi.riwayat && ringkasRiwayat(detail.verifikasi.riwayat);
  if (riwayat === null) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {t.riwayat}
      </Title>
      {riwayat.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.riwayatKosong}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} aria-label={t.riwayat}>
          {riwayat.map((event, index) => (
            <Timeline.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: the trail is append-only, its order fixed
              key={index}
              title={judulRiwayat(event)}
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
  );
}

/** The applicant's documents as tabs, each marked with its check (✓ sesuai, ✗ tidak sesuai). */
export function DokumenTabs({
  detail,
  current,
  onSelect,
  stateOf,
}: {
  detail: PelamarDetail;
  current: number;
  onSelect: (index: number) => void;
  stateOf: (dokumenId: number) => boolean | null | undefined;
}) {
  return (
    <Group gap={6} mb="xs" role="tablist" aria-label={t.dokumen}>
      {detail.dokumen.map((item, index) => {
        const state = stateOf(item.id);
        return (
          <UnstyledButton
            key={item.id}
            role="tab"
            aria-selected={index === current}
            onClick={() => onSelect(index)}
            px={8}
            py={4}
            style={{
              borderRadius: 4,
              border: `1px solid var(--mantine-color-${index === current ? 'blue-6' : 'gray-3'})`,
              background:
                state === true
                  ? 'var(--mantine-color-teal-0)'
                  : state === false
                    ? 'var(--mantine-color-red-0)'
                    : undefined,
            }}
          >
            <Text size="xs" fw={index === current ? 700 : 400}>
              {state === true ? '✓ ' : state === false ? '✗ ' : ''}
              {dokumenLabel(item.jenis)}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
