// Issue #34: the two decisions of a sampled applicant side by side – the first verifier's and the
// blind second one's – for the supervisor (and the admin's recap), with whether they agree.

import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatWaktu, type VerifikasiKeduaDetail } from '@portal/contract';
import { idPelamar } from '../../i18n/pelamar';
import { idSupervisi } from '../../i18n/supervisi';
import { DaftarAlasan } from './HasilVerifikasi';

const s = idSupervisi;

function Satu({ judul, k }: { judul: string; k: VerifikasiKeduaDetail['pertama'] }) {
  return (
    <Stack gap={4} aria-label={judul} role="group">
      <Text size="sm" fw={600}>
        {judul}
      </Text>
      <Group gap="xs">
        <Badge color={k.statusVerifikasi === 'MS' ? 'teal' : 'red'}>{idPelamar.status[k.statusVerifikasi]}</Badge>
        <Text size="sm" c="dimmed">
          {k.verifikatorNama} · {formatWaktu(k.diputusAt)}
        </Text>
      </Group>
      {k.alasanTms.length > 0 && <DaftarAlasan kode={k.alasanTms} />}
      {k.catatan && (
        <Text size="sm">
          <b>{s.catatanVerifikator}:</b> {k.catatan}
        </Text>
      )}
    </Stack>
  );
}

export function DuaKeputusan({ dua }: { dua: VerifikasiKeduaDetail }) {
  return (
    <Stack gap="xs" data-testid="dua-keputusan">
      <Alert color={dua.sepakat ? 'teal' : 'red'} variant="light" p="xs">
        <Text size="sm">{dua.sepakat ? s.sepakat : s.berbeda}</Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Satu judul={s.pertama} k={dua.pertama} />
        <Satu judul={s.kedua} k={dua.kedua} />
      </SimpleGrid>
    </Stack>
  );
}
