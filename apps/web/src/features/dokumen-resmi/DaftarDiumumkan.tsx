// Issue #31: the list of an announcement as it was issued, on the public check page, so that
// whoever holds a printed copy can compare a line: the rows as printed (masked NIK, status word,
// reasons) under their formasi heading as on paper, searched by the start of a nomor peserta or of
// a name's words, a page at a time. Read from what was kept at issue, never from today's data.

import { Alert, Button, Group, Loader, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type BarisTerbit, DAFTAR_TERBIT_Q_MAX, formatAngka } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getDaftarTerbit } from '../../api/dokumen-resmi';
import { ApiError } from '../../api/http';
import { errorMessage } from '../../auth/AuthCard';
import { idDaftarTerbit as t } from '../../i18n/daftar-terbit';

/** As the portal's lists wait for typing to pause before searching (table/useListState.ts). */
const DEBOUNCE_MS = 300;
const KOLOM = 6;
const HEADING_STYLE = {
  position: 'sticky',
  left: 'var(--mantine-spacing-xs)',
  display: 'inline-block',
  maxWidth: 'min(100%, calc(100vw - 5rem))',
} as const;

/** The page's rows in runs of one formasi: each run is a table body under its heading, as on paper. */
function perFormasi(rows: readonly BarisTerbit[]): { formasi: string; rows: BarisTerbit[] }[] {
  const runs: { formasi: string; rows: BarisTerbit[] }[] = [];
  for (const row of rows) {
    const last = runs.at(-1);
    if (last && last.formasi === row.formasi) last.rows.push(row);
    else runs.push({ formasi: row.formasi, rows: [row] });
  }
  return runs;
}

export function DaftarDiumumkan({ kode }: { kode: string }) {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [halaman, setHalaman] = useState(1);
  const cari = (term: string) => {
    setQ(term.trim());
    setHalaman(1);
  };
  const cariNanti = useDebouncedCallback(cari, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['cek-dokumen', kode, 'daftar', q, halaman],
    queryFn: ({ signal }) => getDaftarTerbit(kode, { q, halaman }, signal),
    // The rows on screen stay while the next page or search loads (dimmed), instead of a blank.
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perHalaman)) : 1;
  const dari = data && data.baris.length > 0 ? (data.halaman - 1) * data.perHalaman + 1 : 0;
  const sampai = data ? dari + data.baris.length - 1 : 0;
  // A page or a search of the last answer, still showing while the next one loads.
  const usang = query.isPlaceholderData;
  // 404 and 410 will not change by trying again (no list, or none kept); the rest may.
  const tetap = query.error instanceof ApiError && [400, 404, 410].includes(query.error.status);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cek-daftar">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cek-daftar">
          {t.judul}
        </Title>
        <Text size="sm">{t.pengantar}</Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            // Enter searches at once, without waiting for the pause.
            cariNanti.cancel();
            cari(input);
          }}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              type="search"
              label={t.cari}
              description={t.cariKet}
              value={input}
              maxLength={DAFTAR_TERBIT_Q_MAX}
              leftSection={<IconSearch size={16} aria-hidden />}
              onChange={(event) => {
                setInput(event.currentTarget.value);
                cariNanti(event.currentTarget.value);
              }}
              style={{ flex: 1, minWidth: 0 }}
              autoComplete="off"
            />
            <Button type="submit" variant="default">
              {t.tombolCari}
            </Button>
          </Group>
        </form>

        {query.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t.memuat}</Text>
          </Group>
        )}
        {query.isError && (
          <Alert color="red" variant="light" title={t.gagal} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(query.error)}</Text>
              {!tetap && (
                <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                  {t.cobaLagi}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {data && !query.isError && (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {usang
                  ? t.memuat
                  : data.total === 0
                    ? q
                      ? t.kosong(q)
                      : t.kosongSemua
                    : (q ? t.rentangCari : t.rentang)(dari, sampai, data.total)}
              </Text>
              {usang && <Loader size="xs" aria-hidden />}
            </Group>
            {data.baris.length > 0 && (
              // Scrolls inside itself on a phone; focusable, so the keyboard scrolls it too.
              <Table.ScrollContainer
                minWidth={680}
                type="native"
                tabIndex={0}
                role="region"
                aria-label={t.label}
                style={{ opacity: usang ? 0.6 : 1 }}
              >
                <Table fz="sm" withTableBorder verticalSpacing={6} aria-busy={usang}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={56} style={{ textAlign: 'right' }}>
                        {t.kolom.no}
                      </Table.Th>
                      <Table.Th w={150}>{t.kolom.noPeserta}</Table.Th>
                      <Table.Th>{t.kolom.nama}</Table.Th>
                      <Table.Th w={150}>{t.kolom.nik}</Table.Th>
                      <Table.Th w={120}>{t.kolom.status}</Table.Th>
                      <Table.Th>{t.kolom.keterangan}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  {perFormasi(data.baris).map((run) => (
                    <Table.Tbody key={`${run.formasi}-${run.rows[0]?.no}`}>
                      <Table.Tr bg="gray.0">
                        <Table.Th colSpan={KOLOM} scope="rowgroup" fw={600}>
                          {/* Held in view while the table scrolls sideways, wrapped to the screen. */}
                          <span style={HEADING_STYLE}>{t.formasi(run.formasi)}</span>
                        </Table.Th>
                      </Table.Tr>
                      {run.rows.map((row) => (
                        <Table.Tr key={row.no}>
                          <Table.Td style={{ textAlign: 'right' }}>{formatAngka(row.no)}</Table.Td>
                          <Table.Td ff="monospace">{row.noPeserta}</Table.Td>
                          <Table.Td>{row.nama}</Table.Td>
                          <Table.Td ff="monospace">{row.nik}</Table.Td>
                          <Table.Td>{row.status}</Table.Td>
                          <Table.Td>{row.keterangan}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  ))}
                </Table>
              </Table.ScrollContainer>
            )}
            {pages > 1 && (
              <nav aria-label={t.halaman}>
                <Pagination
                  total={pages}
                  value={Math.min(halaman, pages)}
                  onChange={setHalaman}
                  size="sm"
                  siblings={1}
                  boundaries={1}
                  getControlProps={(control) => ({ 'aria-label': t.kontrol[control] ?? t.halaman })}
                  getItemProps={(item) => ({ 'aria-label': t.halamanKe(item) })}
                />
              </nav>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
