// What the verifier decided, with the checks, reasons and notes (read-only): the supervisor's
// review, the recaps' detail pages.

import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatWaktu, type PelamarDetail } from '@portal/contract';
import { idPelamar } from '../../i18n/pelamar';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { CekBadge } from './badges';
import { alasanLabel, dokumenLabel } from './pelamar';

/** TMS reasons as a list, in words. */
export function DaftarAlasan({ kode }: { kode: readonly string[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
      {kode.map((k) => (
        <li key={k}>
          <Text size="sm">{alasanLabel(k)}</Text>
        </li>
      ))}
    </ul>
  );
}

export function HasilVerifikasi({ detail }: { detail: PelamarDetail }) {
  const v = detail.verifikasi;
  const s = idSupervisi;
  const checks = new Map(v.cekDokumen.map((cek) => [cek.dokumenId, cek]));
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge
          color={detail.statusVerifikasi === 'MS' ? 'teal' : detail.statusVerifikasi === 'TMS' ? 'red' : 'gray'}
          size="lg"
        >
          {idPelamar.status[detail.statusVerifikasi]}
        </Badge>
        <Badge variant="outline" color={detail.statusSupervisi === 'DIKEMBALIKAN' ? 'orange' : 'gray'}>
          {detail.statusSupervisi ? s.status[detail.statusSupervisi] : s.menunggu}
        </Badge>
        <Text size="sm" c="dimmed">
          {detail.verifikatorNama ?? '–'} · {formatWaktu(detail.tglVerifikasi)}
        </Text>
      </Group>
      {v.alasanTms.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {s.alasanTms}
          </Text>
          <DaftarAlasan kode={v.alasanTms} />
        </div>
      )}
      {v.catatanVerifikasi && (
        <Text size="sm">
          <b>{s.catatanVerifikator}:</b> {v.catatanVerifikasi}
        </Text>
      )}
      {v.catatanSupervisi && (
        <Text size="sm">
          <b>{idVerifikasi.catatanSupervisor}:</b> {v.catatanSupervisi}
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
