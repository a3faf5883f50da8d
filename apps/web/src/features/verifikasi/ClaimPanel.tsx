// An applicant a colleague is working on: who, since when, and that the panel opens when they
// decide or give it back (issue #32: opening is not claiming; only an edit claims).

import { Stack, Text } from '@mantine/core';
import { formatWaktu, type PelamarDetail } from '@portal/contract';
import { idVerifikasi } from '../../i18n/verifikasi';

const t = idVerifikasi;

export function ClaimPanel({ detail }: { detail: PelamarDetail }) {
  const klaim = detail.verifikasi.klaim;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        {detail.verifikasiKedua === 'KEPUTUSAN_SAYA'
          ? t.keputusanSayaDiperiksa
          : klaim
            ? t.dikerjakanRekan(klaim.nama, formatWaktu(klaim.sejak))
            : t.bukanKlaim}
      </Text>
    </Stack>
  );
}
