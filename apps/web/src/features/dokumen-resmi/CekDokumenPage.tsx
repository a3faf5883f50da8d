// /cek-dokumen/:kode (issue #20), public, no sign-in: what the code printed on an official document
// was issued for, and whether a PDF someone holds is that document, unaltered (the server compares
// SHA-256). Outside the main layout, so it has its own landmarks and its own query provider.
// Issue #31: the announcement's Excel copy is checked like the PDF, and a document that a later
// one amended says so (it stays authentic as issued). An announcement shows its list as issued
// (DaftarDiumumkan), so whoever holds a printed copy compares a line; an unknown code offers a
// field to type another.

import {
  Alert,
  Anchor,
  Box,
  Button,
  Code,
  Container,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CEK_DOKUMEN_MIME, cekDokumenPath, formatTanggal, formatWaktu, type Keaslian } from '@portal/contract';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconFileTypePdf, IconShieldCheck } from '@tabler/icons-react';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatBerkas, getKeaslian, postCekBerkas } from '../../api/dokumen-resmi';
import { ApiError } from '../../api/http';
import { queryClient } from '../../api/queryClient';
import { errorMessage } from '../../auth/AuthCard';
import { idApp } from '../../i18n/app';
import { idDaftarTerbit } from '../../i18n/daftar-terbit';
import { idDokumenResmi } from '../../i18n/dokumen-resmi';
import { FooterNote } from '../../layout/FooterNote';
import { DaftarDiumumkan } from './DaftarDiumumkan';

const t = idDokumenResmi.cek;

export function CekDokumenPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Box bg="gray.0" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="sm">
            <Group gap="xs" wrap="nowrap">
              <IconShieldCheck size={24} aria-hidden color="var(--mantine-primary-color-filled)" />
              <div>
                <Text fw={600} lh={1.2}>
                  {idApp.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {idApp.tagline}
                </Text>
              </div>
            </Group>
          </Container>
        </Box>
        <Container component="main" size="sm" py="lg" px="md" w="100%" style={{ flex: 1 }}>
          <CekDokumen />
        </Container>
        <Box component="footer" py="sm">
          <Container size="sm">
            <FooterNote />
          </Container>
        </Box>
      </Box>
    </QueryClientProvider>
  );
}

function CekDokumen() {
  const kode = (useParams().kode ?? '').trim().toUpperCase();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.judul}
      </Title>
      <Text size="sm">{t.pengantar}</Text>
      {kode ? <HasilCek key={kode} kode={kode} /> : <IsiKode />}
    </Stack>
  );
}

/**
 * /cek-dokumen without a code: type the one printed under the QR code. Also under an unknown code
 * (issue #31), starting from the code that was not found so a mistyped letter is fixed in place.
 */
function IsiKode({ awal = '', label = t.kode }: { awal?: string; label?: string }) {
  const navigate = useNavigate();
  const [kode, setKode] = useState(awal);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (kode.trim()) void navigate(cekDokumenPath(kode.trim().toUpperCase()));
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          description={t.kodeKet}
          value={kode}
          onChange={(event) => setKode(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          autoCapitalize="characters"
        />
        <Button type="submit">{t.periksa}</Button>
      </Group>
    </form>
  );
}

function HasilCek({ kode }: { kode: string }) {
  const query = useQuery({
    queryKey: ['cek-dokumen', kode],
    queryFn: ({ signal }) => getKeaslian(kode, signal),
  });
  // 400 (not a code's shape) and 404 (no such code) both mean: this code was never issued.
  const unknown = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <>
      {query.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t.memuat}</Text>
        </Group>
      )}
      {unknown && (
        <>
          <Alert color="red" variant="light" icon={<IconCircleX aria-hidden />} title={t.tidakDikenal} role="alert">
            {t.tidakDikenalKet(kode)}
          </Alert>
          <IsiKode awal={kode} label={idDaftarTerbit.kodeLain} />
        </>
      )}
      {query.isError && !unknown && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.data && (
        <>
          {query.data.diubahOleh && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              title={t.diubahJudul}
              role="status"
            >
              <Stack gap={4}>
                <Text size="sm">{t.diubahKet(query.data.jenis, query.data.diubahOleh.nomor)}</Text>
                <Anchor component={Link} to={cekDokumenPath(query.data.diubahOleh.kode)} size="sm">
                  {t.lihatPerubahan(query.data.diubahOleh.kode)}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <Identitas dokumen={query.data} />
          <Pencocokan dokumen={query.data} />
          {query.data.jenis === 'PENGUMUMAN' && <DaftarDiumumkan kode={query.data.kode} />}
        </>
      )}
    </>
  );
}

function Identitas({ dokumen }: { dokumen: Keaslian }) {
  const rows: [string, ReactNode][] = [
    [t.kode, <Code key="kode">{dokumen.kode}</Code>],
    [t.instansi, dokumen.instansi],
    [t.jalur, dokumen.track],
    [t.nomor, dokumen.nomor],
    [t.tanggal, formatTanggal(dokumen.tanggal)],
    [t.dibuat, formatWaktu(dokumen.dibuatAt)],
    [
      t.sha256,
      <Text key="sha" ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
        {dokumen.sha256}
      </Text>,
    ],
    [t.ukuran, t.byte(dokumen.ukuran)],
  ];
  if (dokumen.xlsx) {
    rows.push(
      [
        t.sha256Excel,
        <Text key="sha-xlsx" ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
          {dokumen.xlsx.sha256}
        </Text>,
      ],
      [t.ukuranExcel, t.byte(dokumen.xlsx.ukuran)],
    );
  }
  const ttd = dokumen.penandaTangan;
  if (ttd) {
    rows.push(
      [
        t.ditandatangani,
        <Stack key="ttd" gap={2}>
          <Text size="sm" fw={600}>
            {ttd.nama}
          </Text>
          {ttd.organisasi && <Text size="xs">{ttd.organisasi}</Text>}
          {ttd.demo && (
            <Text size="xs" fw={600} c="red.8">
              {t.sertifikatDemo}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t.tandaTanganKet}
          </Text>
        </Stack>,
      ],
      [t.penerbitSertifikat, ttd.penerbit],
      [t.waktuTandaTangan, formatWaktu(ttd.waktu)],
      [
        t.sidikJariSertifikat,
        <Text key="sidik" ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
          {ttd.sidikJari}
        </Text>,
      ],
    );
  } else {
    rows.push([t.ditandatangani, t.tanpaTandaTangan]);
  }
  if (dokumen.mengubah) {
    rows.splice(4, 0, [
      t.mengubah,
      <Anchor key="mengubah" component={Link} to={cekDokumenPath(dokumen.mengubah.kode)}>
        {t.rujukan(dokumen.jenis, dokumen.mengubah.nomor, dokumen.mengubah.kode)}
      </Anchor>,
    ]);
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cek-judul-dokumen">
      <Title order={2} size="h4" id="cek-judul-dokumen" mb="xs">
        {dokumen.judul}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 110, xs: 170 }} style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Pencocokan({ dokumen }: { dokumen: Keaslian }) {
  const [file, setFile] = useState<File | null>(null);
  const check = useMutation({ mutationFn: (berkas: File) => postCekBerkas(dokumen.kode, berkas) });
  const choose = (next: File | null) => {
    setFile(next);
    check.reset();
    if (next) check.mutate(next);
  };
  const result = check.data;
  const terbit = file && formatBerkas(file) === 'XLSX' ? dokumen.xlsx : dokumen;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cek-unggah">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cek-unggah">
          {t.unggah}
        </Title>
        <FileInput
          label={dokumen.xlsx ? t.pilihBerkasAtauExcel : t.pilihBerkas}
          description={t.unggahKet}
          accept={dokumen.xlsx ? `application/pdf,.pdf,${CEK_DOKUMEN_MIME.XLSX},.xlsx` : 'application/pdf,.pdf'}
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          clearable
          value={file}
          onChange={choose}
          disabled={check.isPending}
        />
        {check.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t.mencocokkan}</Text>
          </Group>
        )}
        {check.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(check.error)}
          </Alert>
        )}
        {result && (
          <Alert
            color={result.cocok ? 'teal' : 'red'}
            variant="filled"
            icon={result.cocok ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />}
            title={result.cocok ? t.cocok : t.tidakCocok}
            role="status"
            aria-live="polite"
          >
            <Stack gap={4}>
              {file && <Text size="xs">{t.berkas(file.name)}</Text>}
              <Text size="xs">{terbit === dokumen ? t.shaTerbit : t.shaTerbitExcel}:</Text>
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {terbit?.sha256}
              </Text>
              <Text size="xs">{t.shaBerkas}:</Text>
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {result.sha256}
              </Text>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
