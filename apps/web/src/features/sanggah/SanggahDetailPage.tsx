// One objection (issue #5), `/{track}/sanggah/detail?id=…`, `/nakes/admin-reset-jawab-sanggah/detail?id=…`
// and `/{track}/sanggah-afirmasi/detail?id=…`: each objected requirement beside the verifier's reason
// and the document in question – or each objected affirmation claim beside the checker's decision
// and its evidence – the supervisor's answer per item, wasdal's check or flag, the admin's reset
// (panels.tsx, each in the one decision panel), and the applicant's trail. Issue #35: what the
// reading of the applicant's documents found, read-only; a finding chosen shows where it was read.

import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatWaktu, SANGGAH_LISTS, type SanggahDetail, type SanggahList, type TrackId } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sanggahBuktiPath, sanggahDokumenPath } from '../../api/sanggah';
import { idAfirmasi } from '../../i18n/afirmasi';
import { idSanggah } from '../../i18n/sanggah';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { ChoiceControl } from '../../ui/decision/DecisionPanel';
import { DetailLayout } from '../../ui/decision/DetailLayout';
import { BerkasView, DokumenPanel, type SorotanDokumen } from '../../ui/dokumen/berkas';
import { Kartu } from '../../ui/Kartu';
import { StatusBadge } from '../../ui/pelamar/badges';
import { PengajuanSummary } from '../../ui/pelamar/PelamarSummary';
import { RiwayatPanel } from '../../ui/pelamar/riwayat';
import { adaBacaan, TemuanBacaanList, useTemuanPilihan } from '../../ui/pelamar/TemuanBacaan';
import { CekBadge, StatusSanggahBadge } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { ButirSanggah, kategoriLabel } from './ButirSanggah';
import { sanggahDetailQuery } from './daftar';
import { CekPanel, JawabPanel, ResetPanel } from './panels';

const t = idSanggah;
/** The stage whose window the answer needs, per kind. */
const tahapJawab = (detail: SanggahDetail) =>
  detail.jenis === 'AFIRMASI' ? ('JAWAB_SANGGAH_AFIRMASI' as const) : ('JAWAB_SANGGAH' as const);

/** The document (or affirmation evidence) the items refer to, in the viewer. */
function Bukti({
  detail,
  track,
  list,
  current,
  onSelect,
  sorotan,
}: {
  detail: SanggahDetail;
  track: TrackId;
  list: SanggahList;
  current: number;
  onSelect: (value: number) => void;
  sorotan?: SorotanDokumen | null;
}) {
  const pelamar = detail.pelamar;
  if (detail.jenis === 'AFIRMASI') {
    const klaim = detail.klaim.find((claim) => claim.id === current);
    return (
      <Paper withBorder p="sm">
        {detail.klaim.length > 1 && (
          <ChoiceControl
            label={idAfirmasi.bukti}
            mb="xs"
            choices={detail.klaim.map((claim) => ({
              value: String(claim.id),
              label: kategoriLabel(claim.kategori),
              color: 'blue',
            }))}
            value={String(current)}
            onChange={(value) => onSelect(Number(value))}
          />
        )}
        {klaim && (
          <BerkasView
            path={sanggahBuktiPath(track, detail.id, klaim.id)}
            title={`${idAfirmasi.bukti}: ${kategoriLabel(klaim.kategori)}`}
            height="68vh"
          />
        )}
      </Paper>
    );
  }
  const referenced = new Set(detail.butir.map((item) => item.dokumenId));
  return (
    <DokumenPanel
      detail={pelamar}
      current={current}
      onSelect={onSelect}
      stateOf={(dokumenId) => (referenced.has(dokumenId) ? false : undefined)}
      pathOf={(dokumenId) => sanggahDokumenPath(track, list, detail.id, dokumenId)}
      sorotan={sorotan}
    />
  );
}

function Sanggah({
  detail,
  track,
  list,
  onReload,
}: {
  detail: SanggahDetail;
  track: TrackId;
  list: SanggahList;
  onReload: () => void;
}) {
  const pelamar = detail.pelamar;
  const afirmasi = detail.jenis === 'AFIRMASI';
  const indexOf = (dokumenId: number | null | undefined) =>
    Math.max(
      0,
      pelamar.dokumen.findIndex((doc) => doc.id === dokumenId),
    );
  // The viewer's choice: a document's index, or (affirmation) the claim's id.
  const [shown, setShown] = useState(() =>
    afirmasi
      ? (detail.butir[0]?.afirmasiId ?? detail.klaim[0]?.id ?? 0)
      : indexOf(detail.butir.find((item) => item.dokumenId !== null)?.dokumenId),
  );
  const onShow = (value: number) => setShown(afirmasi ? value : indexOf(value));
  // The applicant's documents are shown (not an affirmation's evidence): a finding shows its own.
  const temuanBacaan = useTemuanPilihan(pelamar, setShown);
  const canAnswer = detail.bolehJawab;
  return (
    <>
      <PengajuanSummary
        detail={detail}
        badges={
          <>
            <StatusBadge status={pelamar.statusVerifikasi} />
            <span data-testid="status-sanggah">
              <StatusSanggahBadge status={detail.status} />
            </span>
            {detail.status === 'DIAJUKAN' && <Tenggat track={track} tahap={tahapJawab(detail)} />}
          </>
        }
      />
      <DetailLayout
        info={
          (detail.dijawabAt || (detail.status === 'DIAJUKAN' && !canAnswer)) && (
            <>
              {detail.status === 'DIAJUKAN' && !canAnswer && (
                <Alert color="gray" role="note">
                  {t.hanyaBaca}
                </Alert>
              )}
              {detail.dijawabAt && (
                <Text size="sm">
                  {t.dijawabOleh(detail.penjawabNama ?? '–', formatWaktu(detail.dijawabAt))}
                  {detail.mengubahStatus ? ` ${afirmasi ? t.afirmasi.mengubahStatus : t.mengubahStatus}` : ''}
                </Text>
              )}
            </>
          )
        }
        documents={
          <Bukti
            detail={detail}
            track={track}
            list={list}
            current={shown}
            onSelect={setShown}
            sorotan={afirmasi ? null : temuanBacaan.sorotan}
          />
        }
        decision={
          canAnswer ? (
            <JawabPanel detail={detail} track={track} list={list} onShow={onShow} onReload={onReload} />
          ) : (
            detail.butir.map((item, index) => (
              <ButirSanggah
                key={item.alasanTms ?? item.afirmasiId}
                detail={detail}
                index={index}
                jawab={null}
                onShow={onShow}
              />
            ))
          )
        }
        rest={
          <>
            {detail.status !== 'DIAJUKAN' && !afirmasi && (
              <Paper withBorder p="sm">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Title order={3} size="h6">
                      {t.wasdal}
                    </Title>
                    <CekBadge cek={detail.cek} />
                  </Group>
                  {detail.cek ? (
                    <Text size="sm">
                      {detail.cekCatatan ? `${detail.cekCatatan} ` : ''}
                      <Text span size="xs" c="dimmed">
                        {t.wasdalOleh(detail.cekOlehNama ?? '–', formatWaktu(detail.cekAt))}
                      </Text>
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t.wasdalBelum}
                    </Text>
                  )}
                  {detail.bolehCek && <CekPanel detail={detail} track={track} onReload={onReload} />}
                </Stack>
              </Paper>
            )}
            {list === 'reset' && detail.bolehReset && <ResetPanel detail={detail} track={track} />}
            {!afirmasi && adaBacaan(pelamar) && (
              <Kartu title={idVerifikasi.bacaan.judul} compact>
                <TemuanBacaanList
                  detail={pelamar}
                  judul={false}
                  pilihan={temuanBacaan.pilihan?.id}
                  onPilih={temuanBacaan.pilih}
                />
              </Kartu>
            )}
            <RiwayatPanel detail={pelamar} />
          </>
        }
      />
    </>
  );
}

function SanggahDetailPage({ list }: { list: SanggahList }) {
  const track = useCurrentPage()?.track;
  const sanggahId = useDetailId() ?? 0;
  const valid = sanggahId > 0;
  const query = useQuery({
    ...sanggahDetailQuery(track ?? 'cpns', list, sanggahId),
    enabled: valid && track !== undefined,
  });
  if (!track) return null;
  const back = `/${track}/${SANGGAH_LISTS[list].screen}`;
  return (
    <DetailShell back={back} valid={valid} query={query}>
      {(data) => (
        <Sanggah
          key={`${data.id}:${data.version}`}
          detail={data}
          track={track}
          list={list}
          onReload={() => void query.refetch()}
        />
      )}
    </DetailShell>
  );
}

export function JawabSanggahDetailPage() {
  return <SanggahDetailPage list="jawab" />;
}

export function ResetJawabSanggahDetailPage() {
  return <SanggahDetailPage list="reset" />;
}

export function SanggahAfirmasiDetailPage() {
  return <SanggahDetailPage list="afirmasi" />;
}
