// On rekap-pelamar: the instansi's final lock, what still stands in its way, and (admins) the
// button – disabled, with the reason beside it, while applicants are unverified or unsupervised,
// instead of failing after the confirmation (issue #19). Below the features: the applicant
// recap shows it, the verification feature owns its calls.

import { Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatWaktu, hasTrackRole, TRACKS, type TrackId } from '@portal/contract';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getFinalVerifikasi, kunciFinalVerifikasi } from '../../api/verifikasi';
import { useAuth } from '../../auth/authStore';
import { idFinal } from '../../i18n/final';
import { idKeputusan } from '../../i18n/keputusan';
import { showError, showSuccess } from '../toast';

const f = idFinal;

export function FinalVerifikasiPanel({ track }: { track: TrackId }) {
  const user = useAuth().user;
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: ['final-verifikasi', track],
    queryFn: ({ signal }) => getFinalVerifikasi(track, signal),
  });
  const lock = useMutation({
    mutationFn: () => kunciFinalVerifikasi(track),
    onSuccess: (status) => {
      queryClient.setQueryData(['final-verifikasi', track], status);
      // The official documents can be made now: their panel reads its status again (issue #32).
      void queryClient.invalidateQueries({ queryKey: ['dokumen-resmi', track] });
      showSuccess(f.berhasil);
      setConfirming(false);
    },
    onError: (error) => {
      setConfirming(false);
      showError(error.message);
      void query.refetch();
    },
  });
  const isAdmin = user ? hasTrackRole(user.authorities, track, 'ADMIN') : false;
  const status = query.data;
  if (!status) return query.isPending ? <Skeleton h={72} /> : null;
  const ready = status.belumDiverifikasi === 0 && status.belumDisupervisi === 0;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Title order={2} size="h5">
            {f.judul}
          </Title>
          <Text size="sm" c={status.terkunci ? 'teal.8' : 'dimmed'}>
            {status.terkunci
              ? f.terkunci(status.dikunciOleh ?? '–', formatWaktu(status.dikunciAt))
              : ready
                ? f.siap
                : f.sisa(status.belumDiverifikasi, status.belumDisupervisi)}
          </Text>
          {isAdmin && !status.terkunci && !ready && (
            <Text size="sm" id={reasonId} data-testid="kunci-alasan">
              {f.belumDapatDikunci}
            </Text>
          )}
        </div>
        {isAdmin && !status.terkunci && (
          <Button
            leftSection={<IconLock size={16} aria-hidden />}
            color="dark"
            disabled={!ready}
            aria-describedby={ready ? undefined : reasonId}
            onClick={() => setConfirming(true)}
          >
            {f.tombol}
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={f.judul} centered>
        <Stack>
          {confirming && <Text size="sm">{f.konfirmasi(TRACKS[track].title, status.ms, status.tms)}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {idKeputusan.batal}
            </Button>
            <Button color="dark" onClick={() => lock.mutate()} loading={lock.isPending}>
              {f.tombol}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
