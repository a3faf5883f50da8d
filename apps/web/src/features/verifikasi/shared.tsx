// What the verification screens alone show (issue #4): the applicant's data beside the formasi's
// requirements, and what the system finds. Pieces other features use live under ui/.

import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatIpk, formatTanggal, type PelamarDetail, type Temuan } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { idPelamar } from '../../i18n/pelamar';
import { idVerifikasi } from '../../i18n/verifikasi';
import { Nomor } from '../../ui/Nomor';

const t = idVerifikasi;
const f = idPelamar.detail.fields;

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
    // Issue #32: the formasi applied for, part by part; only its kind asks something of the applicant.
    [f.jabatan, detail.jabatanNama, '–', false],
    [f.lokasi, detail.lokasiNama, '–', false],
    [
      f.jenisFormasi,
      idPelamar.jenisFormasiNames[detail.jenisFormasi],
      t.syaratJenisFormasi[detail.jenisFormasi] ?? '–',
      false,
    ],
    [
      t.usia,
      v.usia ? t.usiaNilai(v.usia.tahun, v.usia.bulan) : '–',
      `${t.usiaSyarat(v.syarat.usiaMin, v.syarat.usiaMax)}${v.syarat.tglTutup ? ` (${formatTanggal(v.syarat.tglTutup)})` : ''}`,
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
    [t.ipk, formatIpk(detail.ipk), `≥ ${formatIpk(v.syarat.ipkMin)}`, found.has('IPK')],
    [t.akreditasi, `${detail.akreditasiLembaga} / ${detail.akreditasiProdi}`, '–', false],
    [
      f.noIjazah,
      <>
        <Nomor>{detail.noIjazah}</Nomor> · {formatTanggal(detail.tglIjazah)}
      </>,
      '–',
      false,
    ],
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

/** `empty`: what is said without a finding (issue #35: "on the registration", when the documents' reading follows). */
export function TemuanList({
  temuan,
  onUse,
  empty = t.tidakAdaTemuan,
}: {
  temuan: Temuan[];
  onUse?: (alasan: Temuan['alasan']) => void;
  empty?: string;
}) {
  if (temuan.length === 0) {
    return (
      <Text size="sm" c="teal.8">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={6} role="list" aria-label={t.temuan}>
      {temuan.map((item) => (
        <Alert key={item.kode} color="orange" p="xs" role="listitem" icon={<IconAlertTriangle size={16} aria-hidden />}>
          {/* Issue #32: in a narrow column the button goes under the finding, never cut to "Pakai sebagai alasan '". */}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 12rem' }}>
              {item.pesan}
            </Text>
            {onUse && (
              <Button
                size="compact-xs"
                variant="light"
                color="orange"
                style={{ flexShrink: 0 }}
                onClick={() => onUse(item.alasan)}
              >
                {t.pakaiAlasan}
              </Button>
            )}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
