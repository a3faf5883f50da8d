// An applicant nobody (or someone else) holds: who has it, or the button to take it – a claim is
// always the verifier's own act (issue #19).

import { Button, Stack, Text } from '@mantine/core';
import type { PelamarDetail, TrackId } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { ambilPelamar } from '../../api/verifikasi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { showError } from '../../ui/toast';
import { useRefresh } from '../../ui/useRefresh';

const t = idVerifikasi;

export function ClaimPanel({ detail, track }: { detail: PelamarDetail; track: TrackId }) {
  const refresh = useRefresh();
  const claim = useMutation({
    mutationFn: () => ambilPelamar(track, detail.id),
    onSuccess: () => {
      return refresh(['pelamar'], ['pelamar-detail', track, 'verifikator', detail.id]);
    },
    onError: (error) => showError(error.message),
  });
  const other = detail.verifikasi.klaim && !detail.verifikasi.klaim.olehSaya ? detail.verifikasi.klaim : null;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{other ? `Pelamar ini sedang dikerjakan oleh ${other.nama}.` : t.bukanKlaim}</Text>
      {!other && (
        <Button size="xs" onClick={() => claim.mutate()} loading={claim.isPending}>
          {t.ambilIni}
        </Button>
      )}
    </Stack>
  );
}
