// An applicant's full data and documents, read-only (issue #3): `…/{screen}/detail?id=…`, read
// through the screen's list so the same permission and instansi scope apply. Documents open in a
// viewer from the file fetched with the session. Issue #35: what the reading of the documents
// found, read-only; a finding chosen opens its document with the region it was read from outlined.
// Issue #32: the dialog shows a document at the size a screen needs when the server made that
// rendition (DokumenView), the original one click away.

import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table } from '@mantine/core';
import {
  formatIpk,
  formatNilai,
  formatTanggal,
  formatWaktu,
  namaLengkap,
  PELAMAR_LISTS,
  type PelamarDetail,
  type PelamarList,
  type TrackId,
} from '@portal/contract';
import { IconFile, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { dokumenPath } from '../../api/pelamar';
import { idPelamar } from '../../i18n/pelamar';
import { idSanggahNilai } from '../../i18n/sanggah-nilai';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { DokumenView, type SorotanDokumen } from '../../ui/dokumen/berkas';
import { FieldList, Kartu } from '../../ui/Kartu';
import { Nomor } from '../../ui/Nomor';
import { StatusBadge } from '../../ui/pelamar/badges';
import { HasilVerifikasi } from '../../ui/pelamar/HasilVerifikasi';
import { SummaryCard } from '../../ui/pelamar/PelamarSummary';
import { detailQuery, dokumenLabel } from '../../ui/pelamar/pelamar';
import { RiwayatPanel } from '../../ui/pelamar/riwayat';
import { adaBacaan, TemuanBacaanList, useTemuanPilihan } from '../../ui/pelamar/TemuanBacaan';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = idPelamar.detail;
const f = t.fields;

function Fields({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Kartu title={title}>
      <FieldList rows={rows} />
    </Kartu>
  );
}

/** A document in a dialog, with the verification screens' viewer; `sorotan` outlines a region of it. */
function DokumenModal({
  viewing,
  onClose,
  track,
  list,
  detail,
  sorotan,
}: {
  viewing: number | null;
  onClose: () => void;
  track: TrackId;
  list: PelamarList;
  detail: PelamarDetail;
  sorotan: SorotanDokumen | null;
}) {
  const dokumen = detail.dokumen.find((item) => item.id === viewing);
  return (
    <Modal
      opened={dokumen !== undefined}
      onClose={onClose}
      title={dokumen ? dokumenLabel(dokumen.jenis) : ''}
      size="xl"
      centered
    >
      {dokumen && (
        <DokumenView
          path={dokumenPath(track, list, detail.id, dokumen.id)}
          detail={detail}
          dokumenId={dokumen.id}
          sorotan={sorotan?.dokumenId === dokumen.id ? sorotan : null}
        />
      )}
    </Modal>
  );
}

function Detail({ detail, list, track }: { detail: PelamarDetail; list: PelamarList; track: TrackId }) {
  const [viewing, setViewing] = useState<number | null>(null);
  // A finding chosen opens its document in the dialog, outlined where it was read.
  const temuanBacaan = useTemuanPilihan(detail, (index) => setViewing(detail.dokumen[index]?.id ?? null));
  return (
    <Stack gap="md">
      <SummaryCard
        title={namaLengkap(detail)}
        testId="nama-pelamar"
        lines={[
          <>
            <Nomor>{detail.noPeserta}</Nomor> · {detail.instansi.nama}
          </>,
        ]}
        badges={<StatusBadge status={detail.statusVerifikasi} />}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Fields
          title={t.pribadi}
          rows={[
            [f.noRegister, <Nomor key="noRegister">{detail.noRegister}</Nomor>],
            [f.nik, <Nomor key="nik">{detail.nik}</Nomor>],
            [f.jenisKelamin, t.jenisKelamin[detail.jenisKelamin]],
            [f.lahirKtp, `${detail.tempatLahirKtp}, ${formatTanggal(detail.tanggalLahirKtp)}`],
            [f.lahirIjazah, `${detail.tempatLahirIjazah}, ${formatTanggal(detail.tanggalLahirIjazah)}`],
            [f.agama, detail.agama],
            [f.disabilitas, detail.jenisDisabilitas ?? '–'],
            [f.domisili, detail.domisili],
            [f.alamat, detail.alamat],
            [f.email, detail.email],
            [f.noHp, detail.noHp],
          ]}
        />
        <Stack gap="md">
          <Fields
            title={t.formasi}
            rows={[
              [f.jabatan, detail.jabatanNama],
              [f.lokasi, detail.lokasiNama],
              [f.jenisFormasi, idPelamar.jenisFormasiNames[detail.jenisFormasi]],
              [f.pendidikanFormasi, detail.pendidikanNama],
              [f.lokasiUjian, detail.lokasiUjian],
              [f.tglDaftar, formatTanggal(detail.tglDaftar)],
            ]}
          />
          <Fields
            title={t.pendidikan}
            rows={[
              [f.lembaga, `${detail.lembagaPendidikan} (akreditasi ${detail.akreditasiLembaga})`],
              [f.prodi, `${detail.prodi} (akreditasi ${detail.akreditasiProdi})`],
              [f.noIjazah, <Nomor key="noIjazah">{detail.noIjazah}</Nomor>],
              [f.tglIjazah, formatTanggal(detail.tglIjazah)],
              [f.ipk, formatIpk(detail.ipk)],
            ]}
          />
        </Stack>
        <Fields
          title={t.verifikasi}
          rows={[
            [f.status, idPelamar.status[detail.statusVerifikasi]],
            [f.verifikator, detail.verifikatorNama ?? '–'],
            [f.tglVerifikasi, formatWaktu(detail.tglVerifikasi)],
            [f.supervisi, detail.statusSupervisi ? idSupervisi.status[detail.statusSupervisi] : '–'],
            [f.supervisor, detail.supervisorNama ?? '–'],
          ]}
        />
        <Kartu title={t.nilai} empty={detail.nilai.length === 0 && t.noNilai}>
          <Group gap="sm">
            {detail.nilai.map((nilai) => (
              <Badge key={nilai.komponen} variant="light" size="lg">
                {idSanggahNilai.komponen[nilai.komponen] ?? nilai.komponen}: {formatNilai(nilai.nilai)}
              </Badge>
            ))}
          </Group>
        </Kartu>
      </SimpleGrid>
      <Kartu title={t.dokumen} empty={detail.dokumen.length === 0 && t.noDokumen}>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t.dokumen}>
            <Table.Tbody>
              {detail.dokumen.map((dokumen) => {
                const title = t.dokumenNames[dokumen.jenis] ?? dokumen.jenis;
                return (
                  <Table.Tr key={dokumen.id}>
                    <Table.Td w={32}>
                      {dokumen.mime.startsWith('image/') ? (
                        <IconPhoto size={18} aria-hidden />
                      ) : (
                        <IconFile size={18} aria-hidden />
                      )}
                    </Table.Td>
                    <Table.Td>{title}</Table.Td>
                    <Table.Td c="dimmed">{dokumen.namaFile}</Table.Td>
                    <Table.Td c="dimmed">{idVerifikasi.viewer.ukuran(dokumen.ukuran)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`${t.view} ${title}`}
                        onClick={() => setViewing(dokumen.id)}
                      >
                        {t.view}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Kartu>
      {adaBacaan(detail) && (
        <Kartu title={idVerifikasi.bacaan.judul}>
          <TemuanBacaanList
            detail={detail}
            pilihan={temuanBacaan.pilihan?.id}
            onPilih={temuanBacaan.pilih}
            judul={false}
          />
        </Kartu>
      )}
      {(detail.statusVerifikasi !== 'BELUM' || detail.verifikasi.cekDokumen.length > 0) && (
        <Kartu title={idSupervisi.hasilVerifikasi}>
          <HasilVerifikasi detail={detail} />
        </Kartu>
      )}
      <RiwayatPanel detail={detail} />
      <DokumenModal
        viewing={viewing}
        onClose={() => setViewing(null)}
        track={track}
        list={list}
        detail={detail}
        sorotan={temuanBacaan.sorotan}
      />
    </Stack>
  );
}

export function PelamarDetailPage({ list, track }: { list: PelamarList; track: TrackId }) {
  const navigate = useNavigate();
  const pelamarId = useDetailId();
  const query = useQuery({ ...detailQuery(track, list, pelamarId ?? 0), enabled: pelamarId !== null });
  const listPath = `/${track}/${PELAMAR_LISTS[list]}`;
  // Back to the list view the user came from (its filters live in that URL), else to the list.
  const back = () => void (window.history.state?.idx > 0 ? navigate(-1) : navigate(listPath));

  return (
    <DetailShell back={listPath} onBack={back} valid={pelamarId !== null} query={query}>
      {(detail) => <Detail detail={detail} list={list} track={track} />}
    </DetailShell>
  );
}

/** The read-only detail of a recap screen: `/{track}/{screen}/detail?id=…`. */
function recapDetail(list: PelamarList) {
  return function RecapDetailPage() {
    const track = useCurrentPage()?.track;
    return track ? <PelamarDetailPage list={list} track={track} /> : null;
  };
}

export const RekapPelamarDetailPage = recapDetail('admin');
export const RekapVerifikasiDetailPage = recapDetail('rekap-verifikasi');
export const RekapSupervisiDetailPage = recapDetail('my-supervisi');
