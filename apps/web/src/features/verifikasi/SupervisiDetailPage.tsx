// The supervisor's review screen (issue #4), `/{track}/supervisi/detail?id=…`: the applicant
// beside the formasi's requirements, the verifier's checks, reasons and notes, every document, and
// the review in the one decision panel – agree (the result becomes final), or return to the
// verifier with a note, each confirmed in a dialog naming whom it concerns – on the version shown
// (409 otherwise). Either opens the next decision of the supervisor's list (issue #32). Issue #35:
// what the reading of the documents found, read-only; a finding chosen shows where it was read.

import { namaLengkap, type PelamarDetail, type PelamarRow, type PilihanKeputusan } from '@portal/contract';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { dokumenPath } from '../../api/pelamar';
import { simpanSupervisi } from '../../api/verifikasi';
import { idPelamar } from '../../i18n/pelamar';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { DecisionPanel } from '../../ui/decision/DecisionPanel';
import { DetailLayout } from '../../ui/decision/DetailLayout';
import { choiceOf, DraftText } from '../../ui/decision/fields';
import { type DetailProps, useDecision } from '../../ui/decision/useDecision';
import { DokumenPanel } from '../../ui/dokumen/berkas';
import { Kartu } from '../../ui/Kartu';
import { useBerikutnya } from '../../ui/list/useBerikutnya';
import { StatusBadge } from '../../ui/pelamar/badges';
import { DuaKeputusan } from '../../ui/pelamar/DuaKeputusan';
import { HasilVerifikasi } from '../../ui/pelamar/HasilVerifikasi';
import { PelamarSummary } from '../../ui/pelamar/PelamarSummary';
import { detailQuery, prefetchPelamar } from '../../ui/pelamar/pelamar';
import { RiwayatPanel } from '../../ui/pelamar/riwayat';
import { adaBacaan, TemuanBacaanList, useTemuanPilihan } from '../../ui/pelamar/TemuanBacaan';
import { showSuccess } from '../../ui/toast';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { useRefresh } from '../../ui/useRefresh';
import { supervisi } from './antrean';
import { SyaratTable, TemuanList } from './shared';

const t = idVerifikasi;
const s = idSupervisi;
const LIST = 'supervisor' as const;
type Keputusan = 'DISETUJUI' | 'DIKEMBALIKAN';
interface Draft {
  catatan: string;
  pakai: PilihanKeputusan | null;
}

function ReviewPanel({ detail, track, onReload }: DetailProps<PelamarDetail>) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const source = useMemo(() => supervisi(track, ''), [track]);
  const next = useBerikutnya<PelamarRow>({
    source,
    sekarang: detail.id,
    detailPath: (id) => `/${track}/supervisi/detail?id=${id}`,
    listPath: `/${track}/supervisi`,
    muat: (id) => prefetchPelamar(queryClient, track, LIST, Number(id)),
    enabled: true,
    habis: s.habis,
  });
  const nama = namaLengkap(detail);
  // Issue #34: where the blind second verification differs, the supervisor picks the decision.
  const dua = detail.verifikasi.verifikasiKedua;
  const berbeda = dua !== null && !dua.sepakat;
  const dipakai = (draft: Draft) => (dua && draft.pakai ? dua[draft.pakai === 'PERTAMA' ? 'pertama' : 'kedua'] : null);
  const decision = useDecision<Draft>({
    draftKey: `supervisi-draft:${track}:${detail.id}:${detail.verifikasi.version}`,
    initial: () => ({ catatan: '', pakai: null }),
    validate: (draft, action) =>
      berbeda && !draft.pakai ? s.pilihDulu : action === 'DIKEMBALIKAN' && !draft.catatan.trim() ? s.catatan : null,
    outcome: (draft, action) =>
      action === 'DISETUJUI'
        ? {
            settles: true,
            title: s.setujuiJudul,
            describe: s.akibatSetujui(idPelamar.status[dipakai(draft)?.statusVerifikasi ?? detail.statusVerifikasi]),
            ask: s.setujuiTanya,
          }
        : {
            settles: true,
            title: s.kembalikanJudul,
            describe: s.akibatKembalikan(
              nama,
              dipakai(draft)?.verifikatorNama ?? detail.verifikatorNama ?? s.verifikator,
            ),
            ask: s.setujuiTanya,
          },
    send: (draft, action) =>
      simpanSupervisi(track, detail.id, {
        version: detail.verifikasi.version,
        statusSupervisi: action as Keputusan,
        catatan: draft.catatan.trim() || null,
        ...(berbeda && draft.pakai ? { pakai: draft.pakai } : {}),
      }),
    onSent: async (_, __, action) => {
      showSuccess(action === 'DISETUJUI' ? s.disetujuiUntuk(nama) : s.dikembalikanUntuk(nama));
      await next.lanjut();
      void refresh(['pelamar'], ['pelamar-detail', track, LIST, detail.id]);
    },
    onReload,
    actions: [
      {
        id: 'DIKEMBALIKAN',
        label: s.kembalikan,
        variant: 'light',
        color: 'orange',
        leftSection: <IconArrowBackUp size={16} aria-hidden />,
      },
      // Ctrl+Enter approves (after its confirmation, which Ctrl+Enter again confirms), as the verifier saves.
      {
        id: 'DISETUJUI',
        label: s.setujui,
        hotkey: 'Enter',
        color: 'teal',
        leftSection: <IconCheck size={16} aria-hidden />,
      },
    ],
    shortcuts: [],
  });
  return (
    <DecisionPanel
      decision={decision}
      title={s.hasilVerifikasi}
      choice={
        berbeda && dua
          ? choiceOf(decision, 'pakai', s.pakai, [
              {
                value: 'PERTAMA',
                label: s.pakaiPilihan(
                  s.pertama,
                  dua.pertama.verifikatorNama,
                  idPelamar.status[dua.pertama.statusVerifikasi],
                ),
                color: 'blue',
              },
              {
                value: 'KEDUA',
                label: s.pakaiPilihan(s.kedua, dua.kedua.verifikatorNama, idPelamar.status[dua.kedua.statusVerifikasi]),
                color: 'grape',
              },
            ])
          : undefined
      }
    >
      {dua ? <DuaKeputusan dua={dua} /> : <HasilVerifikasi detail={detail} />}
      <DraftText decision={decision} field="catatan" label={s.catatan} />
    </DecisionPanel>
  );
}

function Review({ detail, track, onReload }: DetailProps<PelamarDetail>) {
  const [current, setCurrent] = useState(0);
  const temuanBacaan = useTemuanPilihan(detail, setCurrent);
  const checks = new Map(detail.verifikasi.cekDokumen.map((cek) => [cek.dokumenId, cek.sesuai]));
  const open = detail.statusVerifikasi !== 'BELUM' && detail.statusSupervisi === null;
  return (
    <>
      <PelamarSummary pelamar={detail} badges={<StatusBadge status={detail.statusVerifikasi} />} />
      <DetailLayout
        info={
          open ? undefined : (
            <Kartu title={s.hasilVerifikasi} compact>
              <HasilVerifikasi detail={detail} />
            </Kartu>
          )
        }
        documents={
          <DokumenPanel
            detail={detail}
            current={current}
            onSelect={setCurrent}
            stateOf={(dokumenId) => checks.get(dokumenId)}
            pathOf={(dokumenId) => dokumenPath(track, LIST, detail.id, dokumenId)}
            sorotan={temuanBacaan.sorotan}
          />
        }
        decision={open && <ReviewPanel detail={detail} track={track} onReload={onReload} />}
        rest={
          <>
            <Kartu title={t.syarat} compact>
              <SyaratTable detail={detail} />
            </Kartu>
            <Kartu title={t.temuan} compact>
              <TemuanList
                temuan={detail.verifikasi.temuan}
                empty={adaBacaan(detail) ? t.tidakAdaTemuanDaftar : undefined}
              />
              <TemuanBacaanList detail={detail} pilihan={temuanBacaan.pilihan?.id} onPilih={temuanBacaan.pilih} />
            </Kartu>
            <RiwayatPanel detail={detail} />
          </>
        }
      />
    </>
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
      {(data) => (
        <Review
          key={`${data.id}:${data.verifikasi.version}`}
          detail={data}
          track={track}
          onReload={() => void query.refetch()}
        />
      )}
    </DetailShell>
  );
}
