// One affirmation claim (issue #5), `/{pppk,nakes}/afirmasi-admin/detail?id=…`: the claim and the
// applicant's other claims, the AFIRMASI score they make and the track's rule, the applicant's
// data that the categories depend on, the evidence in the viewer, the checker's decision in the
// one decision panel (V / T, reason required; it does not come back to the checker, so a
// confirmation names the score's change) and the applicant's trail.

import { Alert, Group, Paper, Table, Text, Title } from '@mantine/core';
import {
  type AfirmasiDetail,
  type AfirmasiRow,
  type AfirmasiTrack,
  ATURAN_AFIRMASI,
  formatNilai,
  formatPersen,
  formatTanggal,
  formatWaktu,
  isAfirmasiTrack,
  type KategoriAfirmasi,
  namaLengkap,
  nilaiAfirmasi,
  nilaiMaksTeknis,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { afirmasiBuktiPath, getAfirmasi, periksaAfirmasi } from '../../api/afirmasi';
import { idAfirmasi } from '../../i18n/afirmasi';
import { idPelamar } from '../../i18n/pelamar';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { acceptOrRefuse, DecisionPanel } from '../../ui/decision/DecisionPanel';
import { DetailLayout } from '../../ui/decision/DetailLayout';
import { choiceOf, DraftText } from '../../ui/decision/fields';
import { type DetailProps, useDecision, withReason } from '../../ui/decision/useDecision';
import { BerkasView } from '../../ui/dokumen/berkas';
import { useBerikutnya } from '../../ui/list/useBerikutnya';
import { PelamarSummary } from '../../ui/pelamar/PelamarSummary';
import { RiwayatPanel } from '../../ui/pelamar/riwayat';
import { StatusAfirmasiBadge } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';
import { showSuccess } from '../../ui/toast';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { useRefresh } from '../../ui/useRefresh';
import { afirmasiDescription } from './AfirmasiPages';

const t = idAfirmasi;
type Keputusan = 'VALID' | 'TIDAK_VALID';

/** One claim's detail as this page reads it (and "next" loads it ahead). */
const afirmasiQuery = (track: AfirmasiTrack, id: number) => ({
  queryKey: ['afirmasi-detail', track, id] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getAfirmasi(track, id, signal),
});

function Keputusan({ detail, track, onReload }: DetailProps<AfirmasiDetail, AfirmasiTrack>) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const source = useMemo(() => afirmasiDescription(track, ''), [track]);
  const next = useBerikutnya<AfirmasiRow>({
    source,
    sekarang: detail.id,
    detailPath: (id) => `/${track}/afirmasi-admin/detail?id=${id}`,
    listPath: `/${track}/afirmasi-admin`,
    muat: (id) => queryClient.prefetchQuery(afirmasiQuery(track, Number(id))),
    bisaDibuka: (row) => row.status === 'BELUM',
    enabled: true,
    habis: t.habis,
  });
  // What the score would be with this claim VALID (the confirmation names it).
  const validNow = detail.klaim
    .filter((klaim) => klaim.status === 'VALID' || klaim.id === detail.id)
    .map((klaim) => klaim.kategori as KategoriAfirmasi);
  const nilaiJikaValid = formatNilai(nilaiAfirmasi(track, validNow));
  const decision = useDecision<
    { status: Keputusan | null; alasan: string },
    Awaited<ReturnType<typeof periksaAfirmasi>>
  >({
    draftKey: `afirmasi-draft:${detail.id}:${detail.version}`,
    initial: () => ({ status: null, alasan: '' }),
    validate: (draft) => (!draft.status || draft.alasan.trim().length < 5 ? t.alasanWajib : null),
    outcome: (draft) => ({
      settles: true,
      title: t.konfirmasiJudul,
      describe:
        draft.status === 'VALID'
          ? t.akibatValid(`${formatNilai(detail.nilaiAfirmasi ?? 0)} → ${nilaiJikaValid}`)
          : t.akibatTidakValid,
      ask: t.konfirmasi,
    }),
    send: (draft) => periksaAfirmasi(track, detail.id, withReason(detail.version, draft)),
    onSent: async (result) => {
      showSuccess(t.tersimpanUntuk(namaLengkap(detail.pelamar), t.tersimpan(result.nilaiLama, result.nilaiBaru)));
      void refresh(['afirmasi'], ['afirmasi-detail']);
      await next.lanjut();
    },
    onReload,
    actions: [{ id: 'simpan', label: t.simpan, hotkey: 'Enter' }],
    keys: { v: () => decision.update({ status: 'VALID' }), t: () => decision.update({ status: 'TIDAK_VALID' }) },
    shortcuts: [
      ['V', t.valid],
      ['T', t.tidakValid],
    ],
  });
  return (
    <DecisionPanel
      decision={decision}
      title={t.keputusan}
      choice={choiceOf(
        decision,
        'status',
        t.keputusan,
        acceptOrRefuse(['VALID', t.valid], ['TIDAK_VALID', t.tidakValid]),
      )}
    >
      <DraftText decision={decision} field="alasan" label={t.alasan} />
    </DecisionPanel>
  );
}

function Klaim({ detail, track, onReload }: DetailProps<AfirmasiDetail, AfirmasiTrack>) {
  const pelamar = detail.pelamar;
  const aturan = ATURAN_AFIRMASI[track];
  const f = idPelamar.detail.fields;
  return (
    <>
      <PelamarSummary
        pelamar={pelamar}
        more={[`${t.kategori[detail.kategori]} · ${t.persen(detail.persen)}`]}
        badges={
          <>
            <span data-testid="status-afirmasi">
              <StatusAfirmasiBadge status={detail.status} />
            </span>
            {detail.status === 'BELUM' && <Tenggat track={track} tahap="AFIRMASI" />}
          </>
        }
      />
      <DetailLayout
        info={
          <>
            <Paper withBorder p="sm">
              <Group justify="space-between" mb={4}>
                <Text size="sm">{t.nilaiAfirmasi}</Text>
                <Text fw={700} size="lg" data-testid="nilai-afirmasi">
                  {detail.nilaiAfirmasi === null ? t.belumAdaNilai : formatNilai(detail.nilaiAfirmasi)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t.aturan(aturan.batasPersen, nilaiMaksTeknis(track))}
              </Text>
            </Paper>
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb="xs">
                {t.klaimLain}
              </Title>
              <Table fz="sm" verticalSpacing={4}>
                <Table.Tbody>
                  {detail.klaim.map((klaim) => (
                    <Table.Tr key={klaim.id} fw={klaim.id === detail.id ? 600 : undefined}>
                      <Table.Td>{t.kategori[klaim.kategori]}</Table.Td>
                      <Table.Td>{formatPersen(klaim.persen)}</Table.Td>
                      <Table.Td>
                        <StatusAfirmasiBadge status={klaim.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            <Paper withBorder p="sm">
              <Table fz="sm" verticalSpacing={4}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w="45%">{f.lahirKtp}</Table.Th>
                    <Table.Td>
                      {pelamar.tempatLahirKtp}, {formatTanggal(pelamar.tanggalLahirKtp)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{f.disabilitas}</Table.Th>
                    <Table.Td>{pelamar.jenisDisabilitas ?? '–'}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{f.domisili}</Table.Th>
                    <Table.Td>{pelamar.domisili}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{f.jenisFormasi}</Table.Th>
                    <Table.Td>{idPelamar.jenisFormasiNames[pelamar.jenisFormasi]}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Paper>
          </>
        }
        documents={
          <Paper withBorder p="sm">
            <BerkasView
              path={afirmasiBuktiPath(track, detail.id)}
              title={`${t.bukti}: ${detail.namaFile}`}
              height="72vh"
            />
          </Paper>
        }
        decision={
          <>
            {detail.status !== 'BELUM' && (
              <Paper withBorder p="sm">
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <StatusAfirmasiBadge status={detail.status} />
                  <Text size="sm">{detail.alasan}</Text>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {t.diperiksaOleh(detail.pemeriksaNama ?? '–', formatWaktu(detail.diperiksaAt))}
                </Text>
              </Paper>
            )}
            {detail.bolehPeriksa ? (
              <Keputusan detail={detail} track={track} onReload={onReload} />
            ) : (
              detail.status === 'BELUM' && (
                <Alert color="gray" role="note">
                  {t.hanyaBaca}
                </Alert>
              )
            )}
          </>
        }
        rest={<RiwayatPanel detail={pelamar} />}
      />
    </>
  );
}

export function AfirmasiDetailPage() {
  const page = useCurrentPage();
  const track = page?.track && isAfirmasiTrack(page.track) ? page.track : undefined;
  const klaimId = useDetailId() ?? 0;
  const valid = klaimId > 0;
  const query = useQuery({ ...afirmasiQuery(track ?? 'pppk', klaimId), enabled: valid && track !== undefined });
  if (!track) return null;
  return (
    <DetailShell back={`/${track}/afirmasi-admin`} valid={valid} query={query}>
      {(data) => (
        <Klaim key={`${data.id}:${data.version}`} detail={data} track={track} onReload={() => void query.refetch()} />
      )}
    </DetailShell>
  );
}
