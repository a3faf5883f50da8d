// The Mantine floor (issue #33, README.md): the least a page built with the portal's tools (React 19,
// Mantine with its whole stylesheet, Vite) does to sign in and draw the same ten-row list as the
// portal's "Rekap Seluruh Pelamar", against the same API. bench/web/run.mjs times it beside the
// portal, so each of the portal's steps can be read as a multiple of what the tools alone cost.
// Deliberately nothing else: no router, no query cache, no session check, no code splitting, no
// service worker, no fonts, no dictionary. Two screens, /masuk and /daftar, chosen by the address.

import '@mantine/core/styles.css';

import {
  Badge,
  Button,
  Container,
  MantineProvider,
  PasswordInput,
  Stack,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, Suspense, use, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** Kept across tabs, as the portal keeps its session, so a repeat visit goes straight to the list. */
const TOKEN_KEY = 'lantai.accessToken';

interface Baris {
  id: number;
  noPeserta: string;
  nik: string;
  nama: string;
  gelarDepan: string | null;
  gelarBelakang: string | null;
  jabatanNama: string;
  lokasiNama: string;
  pendidikanNama: string;
  statusVerifikasi: 'BELUM' | 'MS' | 'TMS';
  tglDaftar: string;
  verifikatorNama: string | null;
}

class Gagal extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function cookie(name: string): string | null {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/** As the portal's client does (spec §7 double submit): the cookie from a GET when missing. */
async function xsrf(): Promise<string> {
  if (!cookie('XSRF-TOKEN')) await fetch('/api/health', { credentials: 'same-origin' });
  return cookie('XSRF-TOKEN') ?? '';
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-XSRF-TOKEN': await xsrf(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Gagal(response.status);
  return (await response.json()) as T;
}

/** The call the portal's Rekap Seluruh Pelamar makes for its first page (the same table state). */
function muatDaftar(token: string): Promise<Baris[]> {
  return post<{ data: Baris[] }>(
    '/api/cpns/admin/filter',
    {
      filter: {},
      paginator: { page: 1, pageSize: 10, total: 0, pageSizes: [] },
      sorting: { column: 'id', direction: 'asc' },
      searchTerm: '',
      grouping: { selectedRowIds: [], itemIds: [] },
    },
    token,
  ).then((answer) => answer.data);
}

const WARNA = { BELUM: 'gray', MS: 'teal', TMS: 'red' } as const;
const tanggal = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const namaLengkap = (b: Baris) =>
  `${b.gelarDepan ? `${b.gelarDepan} ` : ''}${b.nama}${b.gelarBelakang ? `, ${b.gelarBelakang}` : ''}`;

function Masuk({ onMasuk }: { onMasuk: (token: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [sibuk, setSibuk] = useState(false);
  const [salah, setSalah] = useState(false);
  const kirim = async (event: FormEvent) => {
    event.preventDefault();
    setSibuk(true);
    try {
      const session = await post<{ accessToken: string }>('/api/auth/login', { username, password });
      onMasuk(session.accessToken);
    } catch {
      setSalah(true);
      setSibuk(false);
    }
  };
  return (
    <Container size={420} py="xl">
      <form onSubmit={(event) => void kirim(event)}>
        <Stack>
          <Title order={2} size="h4">
            Masuk
          </Title>
          <TextInput
            label="Nama Pengguna"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <PasswordInput
            label="Kata Sandi"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={salah ? 'Nama pengguna atau kata sandi salah.' : undefined}
          />
          <Button type="submit" loading={sibuk}>
            Masuk
          </Button>
        </Stack>
      </form>
    </Container>
  );
}

/** The same nine columns as the portal's list, each cell as plain as Mantine allows. */
function Daftar({ baris }: { baris: Promise<Baris[] | null> }) {
  const rows = use(baris);
  if (!rows) return <p>Daftar tidak dapat dimuat.</p>;
  return (
    <Table striped highlightOnHover aria-label="Rekap Seluruh Pelamar">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>No. Peserta</Table.Th>
          <Table.Th>NIK</Table.Th>
          <Table.Th>Nama</Table.Th>
          <Table.Th>Jabatan</Table.Th>
          <Table.Th>Lokasi</Table.Th>
          <Table.Th>Pendidikan</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Tgl. Daftar</Table.Th>
          <Table.Th>Verifikator</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td>{b.noPeserta}</Table.Td>
            <Table.Td>{b.nik}</Table.Td>
            <Table.Td>{namaLengkap(b)}</Table.Td>
            <Table.Td>{b.jabatanNama}</Table.Td>
            <Table.Td>{b.lokasiNama}</Table.Td>
            <Table.Td>{b.pendidikanNama}</Table.Td>
            <Table.Td>
              <Badge color={WARNA[b.statusVerifikasi]} variant="light">
                {b.statusVerifikasi}
              </Badge>
            </Table.Td>
            <Table.Td>{tanggal(b.tglDaftar)}</Table.Td>
            <Table.Td>{b.verifikatorNama ?? '–'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type Layar = { nama: 'masuk' } | { nama: 'daftar'; baris: Promise<Baris[] | null> };

/**
 * The list's call starts as soon as its screen is chosen (at startup on a repeat visit, on the
 * sign-in's answer otherwise), as the portal's route loader starts it with the route's chunk.
 * A refused token (401) goes back to the form; any failure resolves to null, so `use` never throws
 * (the floor has no error boundary).
 */
function daftar(token: string, pindah: (layar: Layar) => void): Layar {
  const baris = muatDaftar(token).catch((error: unknown) => {
    if (error instanceof Gagal && error.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      history.replaceState(null, '', '/masuk');
      pindah({ nama: 'masuk' });
    }
    return null;
  });
  return { nama: 'daftar', baris };
}

function Lantai() {
  const [layar, setLayar] = useState<Layar>(() => {
    const token = localStorage.getItem(TOKEN_KEY);
    if (location.pathname === '/daftar' && token) return daftar(token, (next) => setLayar(next));
    if (location.pathname !== '/masuk') history.replaceState(null, '', '/masuk');
    return { nama: 'masuk' };
  });
  const masuk = (token: string) => {
    localStorage.setItem(TOKEN_KEY, token);
    history.pushState(null, '', '/daftar');
    setLayar(daftar(token, setLayar));
  };
  if (layar.nama === 'masuk') return <Masuk onMasuk={masuk} />;
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h3" mb="md">
        Rekap Seluruh Pelamar
      </Title>
      <Suspense fallback={null}>
        <Daftar baris={layar.baris} />
      </Suspense>
    </Container>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <MantineProvider>
    <Lantai />
  </MantineProvider>,
);
