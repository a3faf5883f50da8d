// One Non-ASN record (issue #5), `/pppk/rekap-nonasn/detail?id=…`: its data, the instansi's answer,
// the answer in the one decision panel for the instansi's admins inside the window (on the
// version shown: a 409 says so and offers a reload), and the audit trail of every answer.

import { Alert, SimpleGrid, Stack } from '@mantine/core';
import {
  formatTanggal,
  formatWaktu,
  KATEGORI_NONASN_NAMA,
  type KeputusanKonfirmasi,
  type NonAsnDetail,
  type NonAsnRow,
  SUMBER_DANA_NAMA,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getNonAsnDetail, konfirmasiNonAsn } from '../../api/nonasn';
import { idKeputusan } from '../../i18n/keputusan';
import { idNonasn } from '../../i18n/nonasn';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { acceptOrRefuse, DecisionPanel } from '../../ui/decision/DecisionPanel';
import { choiceOf } from '../../ui/decision/fields';
import { useDecision } from '../../ui/decision/useDecision';
import { FieldList, Kartu, RiwayatKartu } from '../../ui/Kartu';
import { useBerikutnya } from '../../ui/list/useBerikutnya';
import { Nomor } from '../../ui/Nomor';
import { SummaryCard } from '../../ui/pelamar/PelamarSummary';
import { KonfirmasiBadge } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';
import { showSuccess } from '../../ui/toast';
import { useRefresh } from '../../ui/useRefresh';
import { DETAIL_PATH, nonAsnList } from './NonAsnListPage';
import { type JawabanFields, JawabanInputs, masalahJawaban, useBolehKonfirmasi } from './shared';

const t = idNonasn;
const d = t.detail;
const LIST_PATH = '/pppk/rekap-nonasn';

const detailQuery = (nonAsnId: number) => ({
  queryKey: ['nonasn-detail', nonAsnId] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getNonAsnDetail(nonAsnId, signal),
});

/** The answer: proposed or not, the reason, the SPTJM statement; sent on the version shown. */
/** The list "next" reads (who may answer changes only its bulk actions, not its rows). */
const DAFTAR = nonAsnList('pppk', '', false);

function JawabForm({ detail, onReload }: { detail: NonAsnDetail; onReload: () => void }) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const changing = detail.statusKonfirmasi !== 'BELUM';
  // After an answer, the next record still unanswered in the list's order (issue #32).
  const next = useBerikutnya<NonAsnRow>({
    source: DAFTAR,
    sekarang: detail.id,
    detailPath: (id) => `${DETAIL_PATH}?id=${id}`,
    listPath: LIST_PATH,
    muat: (id) => queryClient.prefetchQuery(detailQuery(Number(id))),
    bisaDibuka: (row) => row.statusKonfirmasi === 'BELUM',
    enabled: !changing,
    habis: t.habis,
  });
  const decision = useDecision<{ status: KeputusanKonfirmasi } & JawabanFields>({
    draftKey: null,
    initial: () => ({
      status: detail.statusKonfirmasi === 'DIKONFIRMASI' ? 'TIDAK_DIUSULKAN' : 'DIKONFIRMASI',
      alasan: '',
      sptjm: false,
    }),
    validate: (draft) => masalahJawaban(draft.status, draft, changing),
    // Changed again inside the window by the instansi's admins: saved at once under the SPTJM.
    outcome: () => ({ settles: false, note: idKeputusan.dapatDiubahSelamaJadwal }),
    send: (draft) =>
      konfirmasiNonAsn(detail.id, {
        status: draft.status,
        alasan: draft.alasan.trim() || null,
        version: detail.version,
        sptjm: true,
      }),
    onSent: async () => {
      showSuccess(t.tersimpanUntuk(detail.nama));
      void refresh(['nonasn'], ['dashboard-konfirmasi'], ['nonasn-detail', detail.id]);
      // A first answer moves on; a changed one stays to be seen.
      if (!changing) await next.lanjut();
    },
    onReload,
    actions: [{ id: 'simpan', label: t.simpan, hotkey: 'Enter' }],
    shortcuts: [],
  });
  const draft = decision.draft;
  return (
    <DecisionPanel
      decision={decision}
      title={changing ? d.formJudul : d.jawaban}
      choice={choiceOf(
        decision,
        'status',
        t.columns.status,
        acceptOrRefuse(['DIKONFIRMASI', t.konfirmasi], ['TIDAK_DIUSULKAN', t.tidakDiusulkan]),
      )}
    >
      <JawabanInputs
        status={draft.status}
        value={draft}
        needsReason={changing}
        onChange={(next) => decision.update(next)}
      />
    </DecisionPanel>
  );
}

function Detail({ detail, onReload }: { detail: NonAsnDetail; onReload: () => void }) {
  const { boleh, alasan: tidakBoleh } = useBolehKonfirmasi();
  const f = d.fields;
  return (
    <Stack gap="md">
      <SummaryCard
        title={detail.nama}
        testId="nama-nonasn"
        lines={[
          <>
            NIK <Nomor>{detail.nik}</Nomor> · {detail.instansi.nama}
          </>,
        ]}
        badges={
          <>
            <Tenggat track="pppk" tahap="KONFIRMASI_NONASN" />
            <KonfirmasiBadge status={detail.statusKonfirmasi} />
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Kartu title={d.data}>
          <FieldList
            rows={[
              [f.nik, <Nomor key="nik">{detail.nik}</Nomor>],
              [f.lahir, `${detail.tempatLahir}, ${formatTanggal(detail.tanggalLahir)}`],
              [f.instansi, detail.instansi.nama],
              [f.unitKerja, detail.unitKerja],
              [f.jabatan, detail.jabatan],
              [f.masaKerja, t.masaKerja(detail.masaKerjaBulan)],
              [f.kategori, KATEGORI_NONASN_NAMA[detail.kategori]],
              [
                f.sk,
                <>
                  <Nomor>{detail.noSk}</Nomor> · {formatTanggal(detail.tglSk)}
                </>,
              ],
              [f.sumberDana, SUMBER_DANA_NAMA[detail.sumberDana]],
            ]}
          />
        </Kartu>
        <Stack gap="md">
          <Kartu title={d.jawaban}>
            <FieldList
              rows={[
                [f.status, <KonfirmasiBadge key="status" status={detail.statusKonfirmasi} />],
                [f.alasan, detail.alasan ?? '–'],
                [
                  f.oleh,
                  detail.dikonfirmasiOleh ? `${detail.dikonfirmasiOleh} · ${formatWaktu(detail.dikonfirmasiAt)}` : '–',
                ],
              ]}
            />
          </Kartu>
          {boleh ? (
            <JawabForm key={detail.version} detail={detail} onReload={onReload} />
          ) : (
            tidakBoleh && (
              <Alert color="gray" p="sm">
                {tidakBoleh}
              </Alert>
            )
          )}
        </Stack>
      </SimpleGrid>
      <RiwayatKartu
        title={d.riwayat}
        empty={d.riwayatKosong}
        items={detail.riwayat.map((event) => ({
          ...event,
          judul: `${t.aksi[event.aksi] ?? event.aksi}: ${event.dari ? `${t.status[event.dari as keyof typeof t.status] ?? event.dari} → ` : ''}${event.ke ? (t.status[event.ke as keyof typeof t.status] ?? event.ke) : ''}`,
        }))}
      />
    </Stack>
  );
}

export function NonAsnDetailPage() {
  const nonAsnId = useDetailId() ?? 0;
  const query = useQuery({ ...detailQuery(nonAsnId), enabled: nonAsnId > 0 });
  return (
    <DetailShell back={LIST_PATH} valid={nonAsnId > 0} query={query} words={d}>
      {(data) => <Detail detail={data} onReload={() => void query.refetch()} />}
    </DetailShell>
  );
}
