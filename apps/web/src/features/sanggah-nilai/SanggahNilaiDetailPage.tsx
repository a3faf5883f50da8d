// One score objection, `/{track}/sanggah-nilai/detail?id=…`: the objection (component, value,
// argument, the other applicant when it is about someone else's score), every score of the
// applicant concerned, the answer and wasdal's approval (panels.tsx, in the one decision panel)
// and the objector's trail.

import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatAngka, formatNilai, formatWaktu, NILAI_MAKS, type SanggahNilaiDetail } from '@portal/contract';
import { IconArrowRight, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { idSanggahNilai } from '../../i18n/sanggah-nilai';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { DetailLayout } from '../../ui/decision/DetailLayout';
import type { DetailProps } from '../../ui/decision/useDecision';
import { PengajuanSummary } from '../../ui/pelamar/PelamarSummary';
import { RiwayatPanel } from '../../ui/pelamar/riwayat';
import { StatusSanggahNilaiBadge } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { JawabForm, komponenNama, PersetujuanForm, sanggahNilaiQuery } from './panels';

const t = idSanggahNilai;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Sanggahan({ detail }: { detail: SanggahNilaiDetail }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t.sanggahan}
        </Title>
        <Group gap="xl">
          <Field label={t.komponenLabel}>
            <Text fw={600} span data-testid="komponen">
              {komponenNama(detail)}
            </Text>
          </Field>
          <Field label={t.nilaiSaatDiajukan}>{formatNilai(detail.nilaiSaatDiajukan)}</Field>
        </Group>
        {detail.terkait && (
          // Information, not an error: "note", so screen readers do not announce it as an alert.
          <Alert
            role="note"
            color="orange"
            variant="light"
            icon={<IconUsers size={18} aria-hidden />}
            title={t.tentangLainJudul}
          >
            {t.tentangLain(detail.terkait.nama, detail.terkait.noPeserta)}
          </Alert>
        )}
        <Field label={t.argumen}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {detail.argumen}
          </Text>
        </Field>
      </Stack>
    </Paper>
  );
}

/** Every score of the applicant concerned; the objected one marked, its correction shown. */
function NilaiTable({ detail }: { detail: SanggahNilaiDetail }) {
  const { dinilai } = detail;
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h6" mb="xs">
        {t.nilaiDinilai(`${dinilai.nama} (${dinilai.noPeserta})`)}
      </Title>
      {dinilai.nilai.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.nilaiKosong}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="tabel-nilai">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.kolomKomponen}</Table.Th>
              <Table.Th ta="right">{t.kolomNilai}</Table.Th>
              <Table.Th ta="right">{t.kolomMaks}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dinilai.nilai.map((n) => {
              const objected = n.komponen === detail.komponen;
              return (
                <Table.Tr key={n.komponen} fw={objected ? 600 : undefined} data-disanggah={objected || undefined}>
                  <Table.Td>
                    {t.komponen[n.komponen] ?? n.komponen}
                    {objected && (
                      <Text span size="xs" c="orange.8" ml={6}>
                        ({t.disanggah})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {objected && detail.status === 'DISETUJUI' ? (
                      <span data-testid="nilai-dikoreksi">
                        <Text span td="line-through" c="dimmed" size="sm">
                          {detail.nilaiLama === null ? t.tidakAda : formatNilai(detail.nilaiLama)}
                        </Text>{' '}
                        → {formatNilai(n.nilai)}
                      </span>
                    ) : (
                      formatNilai(n.nilai)
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatAngka(NILAI_MAKS[n.komponen])}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function Jawaban({ detail }: { detail: SanggahNilaiDetail }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={3} size="h6">
            {t.jawaban}
          </Title>
          <Text size="xs" c="dimmed">
            {t.dijawabOleh(detail.penjawabNama ?? '–', formatWaktu(detail.dijawabAt))}
          </Text>
        </Group>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {detail.status === 'DITOLAK' ? t.status.DITOLAK : t.diterima}
          </Text>
          {detail.nilaiUsulan !== null && (
            <Text size="sm">
              {formatNilai(detail.nilaiSaatDiajukan)} <IconArrowRight size={12} aria-label="menjadi" />{' '}
              <b>{formatNilai(detail.nilaiUsulan)}</b>
            </Text>
          )}
        </Group>
        <Text size="sm">{detail.jawabanAlasan}</Text>
      </Stack>
    </Paper>
  );
}

function Persetujuan({ detail, track, onReload }: DetailProps<SanggahNilaiDetail>) {
  const decided = detail.status === 'DISETUJUI' || detail.status === 'TIDAK_DISETUJUI';
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb={6}>
        <Title order={3} size="h6">
          {t.persetujuan}
        </Title>
        {decided && <StatusSanggahNilaiBadge status={detail.status} />}
      </Group>
      {decided ? (
        <Stack gap={4}>
          {detail.status === 'DISETUJUI' && (
            <Text size="sm" data-testid="nilai-lama-baru">
              {t.nilaiBerubah}: {detail.nilaiLama === null ? t.tidakAda : formatNilai(detail.nilaiLama)}{' '}
              <IconArrowRight size={12} aria-label="menjadi" /> <b>{formatNilai(detail.nilaiBaru)}</b>
            </Text>
          )}
          <Text size="sm">
            {detail.persetujuanAlasan}{' '}
            <Text span size="xs" c="dimmed">
              {t.disetujuiOleh(detail.penyetujuNama ?? '–', formatWaktu(detail.disetujuiAt))}
            </Text>
          </Text>
        </Stack>
      ) : detail.bolehSetujui ? (
        <PersetujuanForm detail={detail} track={track} onReload={onReload} />
      ) : (
        <Text size="sm" c="dimmed">
          {t.menungguPersetujuan}
        </Text>
      )}
    </Paper>
  );
}

function SanggahNilai({ detail, track, onReload }: DetailProps<SanggahNilaiDetail>) {
  const pelamar = detail.pelamar;
  const open = detail.status === 'DIAJUKAN' || detail.status === 'MENUNGGU_PERSETUJUAN';
  return (
    <>
      <PengajuanSummary
        detail={detail}
        badges={
          <>
            <span data-testid="status-sanggah-nilai">
              <StatusSanggahNilaiBadge status={detail.status} />
            </span>
            {open && <Tenggat track={track} tahap="JAWAB_SANGGAH_NILAI" />}
          </>
        }
      />
      <DetailLayout
        info={
          <>
            {open && !detail.bolehJawab && !detail.bolehSetujui && (
              <Alert role="note" color="gray">
                {t.hanyaBaca}
              </Alert>
            )}
            <Sanggahan detail={detail} />
            <NilaiTable detail={detail} />
          </>
        }
        decision={
          <>
            {detail.bolehJawab ? (
              <JawabForm detail={detail} track={track} onReload={onReload} />
            ) : detail.dijawabAt ? (
              <Jawaban detail={detail} />
            ) : (
              <Paper withBorder p="sm">
                <Text size="sm" c="dimmed">
                  {t.belumDijawab}
                </Text>
              </Paper>
            )}
            {detail.nilaiUsulan !== null && <Persetujuan detail={detail} track={track} onReload={onReload} />}
          </>
        }
        // No documents here: the trail stands on the right.
        documents={<RiwayatPanel detail={pelamar} />}
      />
    </>
  );
}

/** /{track}/sanggah-nilai/detail?id=… */
export function SanggahNilaiDetailPage() {
  const track = useCurrentPage()?.track;
  const sanggahNilaiId = useDetailId() ?? 0;
  const valid = sanggahNilaiId > 0;
  const query = useQuery({
    ...sanggahNilaiQuery(track ?? 'cpns', sanggahNilaiId),
    enabled: valid && track !== undefined,
  });
  if (!track) return null;
  return (
    <DetailShell back={`/${track}/sanggah-nilai`} valid={valid} query={query}>
      {(data) => (
        <SanggahNilai
          key={`${data.id}:${data.version}`}
          detail={data}
          track={track}
          onReload={() => void query.refetch()}
        />
      )}
    </DetailShell>
  );
}
