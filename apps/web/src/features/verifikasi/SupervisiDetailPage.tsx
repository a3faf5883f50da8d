// The supervisor's review screen (issue #4), `/{track}/supervisi/detail?id=…`: the applicant
// beside the formasi's requirements, the verifier's checks, reasons and notes, every document, and
// the review – agree, or return to the verifier with a note – on the version shown (409 otherwise).

import { Alert, Button, Grid, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { PelamarDetail, TrackId } from '@portal/contract';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dokumenPath } from '../../api/pelamar';
import { simpanSupervisi } from '../../api/verifikasi';
import { showSuccess } from '../../app/toast';
import { id } from '../../i18n/id';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { StatusBadge } from '../pelamar/PelamarListPage';
import { useCurrentPage } from '../tracks/useTrack';
import {
  DokumenTabs,
  DokumenView,
  detailQuery,
  HasilVerifikasi,
  namaLengkap,
  RiwayatPanel,
  SyaratTable,
  TemuanList,
} from './shared';

const t = id.verifikasi;
const s = id.supervisi;
const LIST = 'supervisor' as const;

function Review({ detail, track }: { detail: PelamarDetail; track: TrackId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [catatan, setCatatan] = useState('');
  const [current, setCurrent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const checks = new Map(detail.verifikasi.cekDokumen.map((cek) => [cek.dokumenId, cek.sesuai]));
  const open = detail.statusVerifikasi !== 'BELUM' && detail.statusSupervisi === null;
  const review = useMutation({
    mutationFn: (status: 'DISETUJUI' | 'DIKEMBALIKAN') =>
      simpanSupervisi(track, detail.id, {
        version: detail.verifikasi.version,
        statusSupervisi: status,
        catatan: catatan.trim() || null,
      }),
    onSuccess: (_, status) => {
      showSuccess(status === 'DISETUJUI' ? s.disetujui : s.dikembalikan);
      void queryClient.invalidateQueries({ queryKey: ['pelamar'] });
      void queryClient.invalidateQueries({ queryKey: ['pelamar-detail', track] });
      void navigate(`/${track}/supervisi`);
    },
    onError: (error) => setProblem(error.message),
  });
  const dokumen = detail.dokumen[current];
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" data-testid="nama-pelamar">
              {namaLengkap(detail)}
            </Title>
            <Text size="sm" c="dimmed">
              {detail.noPeserta} · NIK {detail.nik} · {detail.jabatanNama}
            </Text>
          </div>
          <StatusBadge status={detail.statusVerifikasi} />
        </Group>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb={6}>
                {s.hasilVerifikasi}
              </Title>
              <HasilVerifikasi detail={detail} />
            </Paper>
            {open && (
              <Paper withBorder p="sm">
                <Stack gap="sm">
                  <Textarea
                    label={s.catatan}
                    autosize
                    minRows={2}
                    maxLength={2000}
                    value={catatan}
                    onChange={(event) => {
                      setProblem(null);
                      setCatatan(event.currentTarget.value);
                    }}
                  />
                  {problem && (
                    <Alert color="red" p="xs" role="alert">
                      {problem}
                    </Alert>
                  )}
                  <Group justify="flex-end" gap="xs">
                    <Button
                      variant="light"
                      color="orange"
                      leftSection={<IconArrowBackUp size={16} aria-hidden />}
                      loading={review.isPending && review.variables === 'DIKEMBALIKAN'}
                      onClick={() => {
                        if (!catatan.trim()) setProblem(s.catatan);
                        else review.mutate('DIKEMBALIKAN');
                      }}
                    >
                      {s.kembalikan}
                    </Button>
                    <Button
                      color="teal"
                      leftSection={<IconCheck size={16} aria-hidden />}
                      loading={review.isPending && review.variables === 'DISETUJUI'}
                      onClick={() => review.mutate('DISETUJUI')}
                    >
                      {s.setujui}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            )}
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb={6}>
                {t.syarat}
              </Title>
              <SyaratTable detail={detail} />
            </Paper>
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb={6}>
                {t.temuan}
              </Title>
              <TemuanList temuan={detail.verifikasi.temuan} />
            </Paper>
            <RiwayatPanel detail={detail} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="sm">
            <DokumenTabs
              detail={detail}
              current={current}
              onSelect={setCurrent}
              stateOf={(dokumenId) => checks.get(dokumenId)}
            />
            {dokumen && (
              <DokumenView
                path={dokumenPath(track, LIST, detail.id, dokumen.id)}
                detail={detail}
                dokumenId={dokumen.id}
                height="68vh"
              />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function SupervisiDetailPage() {
  const track = useCurrentPage()?.track;
  const pelamarId = useDetailId() ?? 0;
  const valid = pelamarId > 0;
  const query = useQuery({ ...detailQuery(track ?? 'cpns', LIST, pelamarId), enabled: valid && track !== undefined });
  if (!track) return null;
  return (
    <DetailShell back={`/${track}/supervisi`} valid={valid} query={query}>
      {(data) => <Review key={`${data.id}:${data.verifikasi.version}`} detail={data} track={track} />}
    </DetailShell>
  );
}
