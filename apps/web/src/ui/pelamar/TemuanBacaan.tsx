// Issue #35: what the reading of an applicant's documents (OCR, or a PDF's own text) found against
// the registration, per document, with each document's reading state. Choosing a finding shows
// its document with the region it was read from outlined; on the verifier's screen a "berat"
// finding that suggests a TMS reason can be used as one (button, or A while it is chosen). The
// findings inform; the verifier decides.

import { Box, Button, Group, Kbd, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatWaktu, type PelamarDetail, type TemuanDokumen } from '@portal/contract';
import { IconFocus2 } from '@tabler/icons-react';
import { useState } from 'react';
import { idVerifikasi } from '../../i18n/verifikasi';
import type { SorotanDokumen } from '../dokumen/berkas';
import { Nomor } from '../Nomor';
import { TingkatBadge } from './badges';
import { dokumenLabel } from './pelamar';

const b = idVerifikasi.bacaan;

type Detail = Pick<PelamarDetail, 'dokumen' | 'temuanDokumen'>;
type Dokumen = PelamarDetail['dokumen'][number];

/** The key that uses the chosen finding's reason (free in the verifier's scheme: J K S X M T 1–9). */
export const TOMBOL_PAKAI = 'a';

/** A finding the verifier can use as a TMS reason: a "berat" one that suggests a reason. */
export const bisaDipakai = (
  temuan: TemuanDokumen,
): temuan is TemuanDokumen & { alasan: NonNullable<TemuanDokumen['alasan']> } =>
  temuan.tingkat === 'BERAT' && temuan.alasan !== null;

/** The finding whose entry holds the keyboard's focus, if any. */
export function temuanDifokus(detail: Detail): TemuanDokumen | undefined {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  const entry = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-temuan-id]') : null;
  const id = Number(entry?.dataset.temuanId);
  return entry ? detail.temuanDokumen.find((item) => item.id === id) : undefined;
}

/**
 * The finding chosen on a detail page: choosing one shows its document (`tampilkan` gets the
 * document's index) and outlines where it was read.
 */
export function useTemuanPilihan(detail: Detail, tampilkan: (index: number) => void) {
  const [pilihan, setPilihan] = useState<{ id: number; kali: number } | null>(null);
  const temuan = pilihan ? (detail.temuanDokumen.find((item) => item.id === pilihan.id) ?? null) : null;
  const pilih = (item: TemuanDokumen) => {
    const index = detail.dokumen.findIndex((dokumen) => dokumen.id === item.dokumenId);
    if (index >= 0) tampilkan(index);
    setPilihan((previous) => ({ id: item.id, kali: (previous?.kali ?? 0) + 1 }));
  };
  const sorotan: SorotanDokumen | null =
    temuan?.kotak && pilihan
      ? { dokumenId: temuan.dokumenId, kotak: temuan.kotak, label: b.wilayah(temuan.kolom), kali: pilihan.kali }
      : null;
  return { pilihan: temuan, pilih, sorotan };
}

const URUTAN = { BERAT: 0, PERIKSA: 1 } as const;

interface Kelompok {
  key: string;
  label: string;
  bacaan: Dokumen['bacaan'];
  temuan: TemuanDokumen[];
}

/** Per document (in the detail's order): its reading and its findings, "berat" first. */
function kelompokkan(detail: Detail): Kelompok[] {
  const byDokumen = new Map<number, TemuanDokumen[]>();
  for (const item of detail.temuanDokumen)
    byDokumen.set(item.dokumenId, [...(byDokumen.get(item.dokumenId) ?? []), item]);
  const urut = (items: TemuanDokumen[]) => [...items].sort((x, y) => URUTAN[x.tingkat] - URUTAN[y.tingkat]);
  const known = new Set(detail.dokumen.map((dokumen) => dokumen.id));
  const groups: Kelompok[] = detail.dokumen
    .filter((dokumen) => dokumen.bacaan !== null || byDokumen.has(dokumen.id))
    .map((dokumen) => ({
      key: String(dokumen.id),
      label: dokumenLabel(dokumen.jenis),
      bacaan: dokumen.bacaan,
      temuan: urut(byDokumen.get(dokumen.id) ?? []),
    }));
  // A finding on a document no longer among the applicant's (replaced since): still said.
  for (const [dokumenId, items] of byDokumen) {
    if (!known.has(dokumenId) && items[0]) {
      groups.push({
        key: `lain-${dokumenId}`,
        label: dokumenLabel(items[0].jenisDokumen),
        bacaan: null,
        temuan: urut(items),
      });
    }
  }
  return groups;
}

/** Whether there is anything of the reading to show (a document read, or a finding). */
export const adaBacaan = (detail: Detail) =>
  detail.temuanDokumen.length > 0 || detail.dokumen.some((dokumen) => dokumen.bacaan !== null);

function StatusBacaan({ bacaan, temuan }: { bacaan: Dokumen['bacaan']; temuan: number }) {
  if (!bacaan) return null;
  switch (bacaan.status) {
    case 'ANTRE':
      return (
        <Text size="sm" c="dimmed">
          {b.antre}
        </Text>
      );
    case 'DIBACA':
      return (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} aria-hidden />
          <Text size="sm" c="dimmed">
            {b.dibaca}
          </Text>
        </Group>
      );
    case 'GAGAL':
      return (
        <Text size="sm" c="orange.9">
          {b.gagal(bacaan.pesan)}
        </Text>
      );
    default:
      return temuan > 0 ? null : (
        <Text size="sm" c="teal.8">
          {b.tidakAdaTemuan}{' '}
          {bacaan.dibacaAt && (
            <Text span size="xs" c="dimmed">
              {b.dibacaPada(formatWaktu(bacaan.dibacaAt), bacaan.mesin)}
            </Text>
          )}
        </Text>
      );
  }
}

/** A finding in words; spans only, as it is a button's content. */
function Isi({ item, bisaDipilih }: { item: TemuanDokumen; bisaDipilih: boolean }) {
  const line = { display: 'block', wordBreak: 'break-word' } as const;
  return (
    <>
      <Box component="span" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <TingkatBadge tingkat={item.tingkat} />
        <Text span size="sm" fw={600} style={{ flex: 1, minWidth: 0 }}>
          {item.kolom}
        </Text>
        {bisaDipilih && (
          <Text span size="xs" c="blue.9" style={{ flexShrink: 0 }}>
            <IconFocus2 size={12} aria-hidden style={{ verticalAlign: -1, marginRight: 2 }} />
            {item.kotak ? b.lihatDiDokumen : b.bukaDokumen}
          </Text>
        )}
      </Box>
      {(item.nilaiBaca !== null || item.nilaiDaftar !== null) && (
        <Text span size="sm" style={line}>
          {b.terbaca}: <strong>{item.nilaiBaca ?? '–'}</strong> · {b.terdaftar}:{' '}
          <strong>{item.nilaiDaftar ?? '–'}</strong>
        </Text>
      )}
      <Text span size="sm" style={line}>
        {item.pesan}
      </Text>
      {item.pelamarLain && (
        <Text span size="sm" style={line}>
          {b.pelamarLain} <Nomor>{item.pelamarLain}</Nomor>
        </Text>
      )}
      <Text span size="xs" c="dimmed" style={line}>
        {b.keyakinan(Math.round(item.keyakinan))} · {item.mesin}
      </Text>
    </>
  );
}

function Entri({
  item,
  dipilih,
  onPilih,
  onPakai,
}: {
  item: TemuanDokumen;
  dipilih: boolean;
  onPilih?: (temuan: TemuanDokumen) => void;
  onPakai?: (temuan: TemuanDokumen) => void;
}) {
  return (
    <Paper
      component="li"
      withBorder
      p={6}
      data-temuan-id={item.id}
      style={{
        borderLeft: `4px solid var(--mantine-color-${item.tingkat === 'BERAT' ? 'red-6' : 'yellow-5'})`,
        // The one shown in the viewer: outlined (and said by aria-current on its button).
        outline: dipilih ? '2px solid var(--mantine-color-blue-6)' : undefined,
        outlineOffset: 1,
      }}
    >
      {onPilih ? (
        // Enter or a click: the document, with the region outlined.
        <UnstyledButton
          onClick={() => onPilih(item)}
          aria-current={dipilih || undefined}
          className="temuan-bacaan"
          display="block"
          w="100%"
          style={{ borderRadius: 4 }}
        >
          <Isi item={item} bisaDipilih />
        </UnstyledButton>
      ) : (
        <Isi item={item} bisaDipilih={false} />
      )}
      {onPakai && bisaDipakai(item) && (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          mt={4}
          onClick={() => onPakai(item)}
          rightSection={
            <Kbd size="xs" aria-hidden>
              {TOMBOL_PAKAI.toUpperCase()}
            </Kbd>
          }
        >
          {idVerifikasi.pakaiAlasan}
        </Button>
      )}
    </Paper>
  );
}

/**
 * The findings of the reading per document, with each document's reading state. `onPilih`: show
 * a finding in the viewer; `onPakai` (the verifier deciding): use its reason. `judul`: its own
 * heading, under a card's ("Temuan sistem").
 */
export function TemuanBacaanList({
  detail,
  pilihan,
  onPilih,
  onPakai,
  judul = true,
}: {
  detail: Detail;
  pilihan?: number | null;
  onPilih?: (temuan: TemuanDokumen) => void;
  onPakai?: (temuan: TemuanDokumen) => void;
  judul?: boolean;
}) {
  if (!adaBacaan(detail)) return null;
  return (
    <Stack gap="xs" mt={judul ? 'sm' : 0} data-testid="temuan-bacaan">
      {judul && (
        <Title order={4} size="h6">
          {b.judul}
        </Title>
      )}
      {kelompokkan(detail).map((kelompok) => (
        <Stack key={kelompok.key} gap={4}>
          <Text size="sm" fw={600}>
            {kelompok.label}
          </Text>
          <StatusBacaan bacaan={kelompok.bacaan} temuan={kelompok.temuan.length} />
          {kelompok.temuan.length > 0 && (
            <Stack
              component="ul"
              gap={6}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={b.daftarTemuan(kelompok.label)}
            >
              {kelompok.temuan.map((item) => (
                <Entri key={item.id} item={item} dipilih={item.id === pilihan} onPilih={onPilih} onPakai={onPakai} />
              ))}
            </Stack>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
