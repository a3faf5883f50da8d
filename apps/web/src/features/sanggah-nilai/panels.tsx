// The decisions on a score objection, each in the one decision panel: the answer (accepted with
// a proposed value, or rejected) and wasdal's approval (old → new value). Neither comes back to
// its author, so both are confirmed in a dialog naming the outcome.

import { NumberInput, Stack, Text } from '@mantine/core';
import {
  formatNilai,
  type JawabanSanggahNilai,
  NILAI_MAKS,
  namaLengkap,
  type PERSETUJUAN_SANGGAH_NILAI,
  type SanggahNilaiDetail,
  type SanggahNilaiRow,
  type TrackId,
} from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getSanggahNilai, jawabSanggahNilai, setujuiSanggahNilai } from '../../api/sanggah-nilai';
import { idSanggahNilai } from '../../i18n/sanggah-nilai';
import { acceptOrRefuse, DecisionPanel } from '../../ui/decision/DecisionPanel';
import { choiceOf, DraftText } from '../../ui/decision/fields';
import { type DetailProps, useDecision, withReason } from '../../ui/decision/useDecision';
import { useBerikutnya } from '../../ui/list/useBerikutnya';
import { showSuccess } from '../../ui/toast';
import { useRefresh } from '../../ui/useRefresh';
import { sanggahNilaiDescription } from './SanggahNilaiListPage';

const t = idSanggahNilai;
type Keputusan = (typeof PERSETUJUAN_SANGGAH_NILAI)[number];

export const komponenNama = (detail: SanggahNilaiDetail) => t.komponen[detail.komponen] ?? detail.komponen;
/** The concerned applicant's current value of the objected component. */
export const nilaiSekarang = (detail: SanggahNilaiDetail) =>
  detail.dinilai.nilai.find((n) => n.komponen === detail.komponen)?.nilai ?? null;

interface JawabDraft {
  jawaban: JawabanSanggahNilai | null;
  nilaiUsulan: number | null;
  alasan: string;
}

/** One score objection's detail as the detail page reads it (and "next" loads it ahead). */
export const sanggahNilaiQuery = (track: TrackId, id: number) => ({
  queryKey: ['sanggah-nilai-detail', track, id] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getSanggahNilai(track, id, signal),
});

export function JawabForm({ detail, track, onReload }: DetailProps<SanggahNilaiDetail>) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const source = useMemo(() => sanggahNilaiDescription(track, '', false), [track]);
  const next = useBerikutnya<SanggahNilaiRow>({
    source,
    sekarang: detail.id,
    detailPath: (id) => `/${track}/sanggah-nilai/detail?id=${id}`,
    listPath: `/${track}/sanggah-nilai`,
    muat: (id) => queryClient.prefetchQuery(sanggahNilaiQuery(track, Number(id))),
    bisaDibuka: (row) => row.status === 'DIAJUKAN',
    enabled: true,
    habis: t.habis,
  });
  const maks = NILAI_MAKS[detail.komponen];
  const lama = nilaiSekarang(detail);
  const decision = useDecision<JawabDraft, Awaited<ReturnType<typeof jawabSanggahNilai>>>({
    draftKey: `sanggah-nilai-draft:${detail.id}:${detail.version}`,
    initial: () => ({ jawaban: null, nilaiUsulan: null, alasan: '' }),
    validate: (draft) => {
      const usulan = draft.nilaiUsulan;
      if (!draft.jawaban) return t.pilihJawaban;
      if (draft.jawaban === 'DITERIMA' && (usulan === null || usulan < 0 || usulan > maks)) return t.usulanWajib(maks);
      if (draft.jawaban === 'DITERIMA' && Number(lama ?? 0) === usulan) return t.usulanSama;
      if (draft.alasan.trim().length < 5) return t.alasanWajib;
      return null;
    },
    outcome: (draft) => ({
      settles: true,
      title: t.konfirmasiJudul,
      describe:
        draft.jawaban === 'DITERIMA'
          ? t.akibatDiterima(komponenNama(detail), formatNilai(lama), formatNilai(String(draft.nilaiUsulan)))
          : t.akibatDitolak(komponenNama(detail), formatNilai(lama)),
      ask: t.konfirmasi,
    }),
    send: (draft) =>
      jawabSanggahNilai(track, detail.id, {
        ...withReason(detail.version, draft),
        nilaiUsulan: draft.jawaban === 'DITERIMA' ? draft.nilaiUsulan : null,
      }),
    onSent: async (result) => {
      showSuccess(t.terkirimUntuk(namaLengkap(detail.pelamar), t.status[result.status] ?? result.status));
      void refresh(['sanggah-nilai']);
      await next.lanjut();
    },
    onReload,
    actions: [{ id: 'kirim', label: t.kirim, hotkey: 'Enter' }],
    shortcuts: [],
  });
  const draft = decision.draft;
  return (
    <DecisionPanel
      decision={decision}
      title={t.jawaban}
      choice={choiceOf(decision, 'jawaban', t.jawaban, acceptOrRefuse(['DITERIMA', t.terima], ['DITOLAK', t.tolak]))}
    >
      {draft.jawaban === 'DITERIMA' && (
        <NumberInput
          label={t.nilaiUsulan(maks)}
          description={`${t.nilaiSaatDiajukan}: ${formatNilai(detail.nilaiSaatDiajukan)}`}
          min={0}
          max={maks}
          decimalScale={2}
          decimalSeparator=","
          allowNegative={false}
          value={draft.nilaiUsulan ?? ''}
          onChange={(value) => decision.update({ nilaiUsulan: typeof value === 'number' ? value : null })}
          w={{ base: '100%', xs: 240 }}
        />
      )}
      <DraftText decision={decision} field="alasan" label={t.alasanJawaban} />
    </DecisionPanel>
  );
}

export function PersetujuanForm({ detail, track, onReload }: DetailProps<SanggahNilaiDetail>) {
  const refresh = useRefresh();
  const lama = nilaiSekarang(detail);
  const lamaTeks = lama === null ? t.tidakAda : formatNilai(lama);
  const decision = useDecision<
    { status: Keputusan | null; alasan: string },
    Awaited<ReturnType<typeof setujuiSanggahNilai>>
  >({
    draftKey: `sanggah-nilai-persetujuan:${detail.id}:${detail.version}`,
    initial: () => ({ status: null, alasan: '' }),
    validate: (draft) => (!draft.status ? t.pilihJawaban : draft.alasan.trim().length < 5 ? t.alasanWajib : null),
    outcome: (draft) => ({
      settles: true,
      title: t.persetujuanJudul,
      describe:
        draft.status === 'DISETUJUI'
          ? t.akibatDisetujui(komponenNama(detail), detail.dinilai.nama, lamaTeks, formatNilai(detail.nilaiUsulan))
          : t.akibatTidakDisetujui(komponenNama(detail), lamaTeks),
      ask: t.persetujuanKonfirmasi,
    }),
    send: (draft) => setujuiSanggahNilai(track, detail.id, withReason(detail.version, draft)),
    onSent: (result) => {
      showSuccess(t.persetujuanTersimpan(t.status[result.status] ?? result.status));
      void refresh(['sanggah-nilai'], ['sanggah-nilai-detail']);
    },
    onReload,
    actions: [{ id: 'simpan', label: t.simpanPersetujuan, hotkey: 'Enter' }],
    shortcuts: [],
  });
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="koreksi-usulan">
        {t.koreksi(komponenNama(detail))}: {lamaTeks} <IconArrowRight size={12} aria-label="menjadi" />{' '}
        <b>{formatNilai(detail.nilaiUsulan)}</b>
      </Text>
      <DecisionPanel
        decision={decision}
        choice={choiceOf(decision, 'status', t.hasilPersetujuan, [
          { value: 'DISETUJUI', label: t.setujui, color: 'teal' },
          { value: 'TIDAK_DISETUJUI', label: t.tidakSetujui, color: 'gray' },
        ])}
      >
        <DraftText decision={decision} field="alasan" label={t.alasanPersetujuan} />
      </DecisionPanel>
    </Stack>
  );
}
