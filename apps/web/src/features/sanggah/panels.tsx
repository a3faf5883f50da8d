// The decisions on an objection (issue #5), each in the one decision panel: the supervisor's
// answer per item (it does not come back to them: confirmed, naming the outcome; then the next
// objection of their list opens, issue #32), wasdal's check
// or flag (they can change it again: saved at once), and the admin's reset (reason in its dialog).

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  type JawabanSanggah,
  namaLengkap,
  SANGGAH_LISTS,
  type SanggahDetail,
  type SanggahList,
  type SanggahRow,
  type TrackId,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { cekSanggah, jawabSanggah, resetSanggah } from '../../api/sanggah';
import { idKeputusan } from '../../i18n/keputusan';
import { idSanggah } from '../../i18n/sanggah';
import { DecisionPanel } from '../../ui/decision/DecisionPanel';
import { choiceOf, DraftText, ReasonText } from '../../ui/decision/fields';
import { type DetailProps, useDecision } from '../../ui/decision/useDecision';
import { useBerikutnya } from '../../ui/list/useBerikutnya';
import { showError, showSuccess } from '../../ui/toast';
import { useRefresh } from '../../ui/useRefresh';
import { ButirSanggah, type JawabDraft } from './ButirSanggah';
import { sanggahDescription, sanggahDetailQuery } from './daftar';

const t = idSanggah;

/** The items with their answers, and the panel sending them all at once. */
export function JawabPanel({
  detail,
  track,
  list,
  onShow,
  onReload,
}: {
  detail: SanggahDetail;
  track: TrackId;
  list: SanggahList;
  onShow: (shown: number) => void;
  onReload: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const afirmasi = detail.jenis === 'AFIRMASI';
  const source = useMemo(() => sanggahDescription(list, track, '', false), [list, track]);
  const screen = SANGGAH_LISTS[list].screen;
  const next = useBerikutnya<SanggahRow>({
    source,
    sekarang: detail.id,
    detailPath: (id) => `/${track}/${screen}/detail?id=${id}`,
    listPath: `/${track}/${screen}`,
    muat: (id) => queryClient.prefetchQuery(sanggahDetailQuery(track, list, Number(id))),
    bisaDibuka: (row) => row.status === 'DIAJUKAN',
    enabled: true,
    habis: t.habis,
  });
  const decision = useDecision<JawabDraft, Awaited<ReturnType<typeof jawabSanggah>>>({
    draftKey: `sanggah-draft:${detail.id}:${detail.version}`,
    initial: () => ({ jawaban: detail.butir.map(() => null), alasan: detail.butir.map(() => '') }),
    validate: (draft) =>
      detail.butir.every((_, index) => draft.jawaban[index] && (draft.alasan[index] ?? '').trim().length >= 5)
        ? null
        : t.alasanWajib,
    outcome: (draft) => {
      const semuaDiterima = draft.jawaban.every((value) => value === 'DITERIMA');
      return {
        settles: true,
        title: t.konfirmasiJudul,
        describe: afirmasi
          ? semuaDiterima
            ? t.afirmasi.akibatDiterima
            : t.afirmasi.akibatDitolak
          : semuaDiterima
            ? t.akibatDiterima
            : t.akibatDitolak,
        ask: t.konfirmasi,
      };
    },
    send: (draft) =>
      jawabSanggah(track, list === 'afirmasi' ? 'afirmasi' : 'jawab', detail.id, {
        version: detail.version,
        butir: detail.butir.map((_, index) => ({
          jawaban: draft.jawaban[index] as JawabanSanggah,
          alasan: (draft.alasan[index] ?? '').trim(),
        })),
      }),
    onSent: async (result) => {
      const akibat = afirmasi ? t.afirmasi.menjadiValid : t.menjadiMs;
      showSuccess(
        `${t.terkirimUntuk(namaLengkap(detail.pelamar), t.status[result.status] ?? result.status)}${result.mengubahStatus ? ` ${akibat}` : ''}`,
      );
      void refresh(['sanggah'], ['pelamar'], ['sanggah-detail', track, list, detail.id]);
      await next.lanjut();
    },
    onReload,
    actions: [{ id: 'kirim', label: t.kirim, hotkey: 'Enter' }],
    shortcuts: [],
  });
  const set = (index: number, patch: { jawaban?: JawabanSanggah; alasan?: string }) =>
    decision.update((current) => ({
      jawaban: current.jawaban.map((value, i) => (i === index && patch.jawaban ? patch.jawaban : value)),
      alasan: current.alasan.map((value, i) => (i === index && patch.alasan !== undefined ? patch.alasan : value)),
    }));
  return (
    <>
      {detail.butir.map((item, index) => (
        <ButirSanggah
          key={item.alasanTms ?? item.afirmasiId}
          detail={detail}
          index={index}
          onShow={onShow}
          jawab={{ draft: decision.draft, set }}
        />
      ))}
      <DecisionPanel decision={decision} />
    </>
  );
}

export function CekPanel({ detail, track, onReload }: DetailProps<SanggahDetail>) {
  const refresh = useRefresh();
  type Cek = 'DIPERIKSA' | 'DITANDAI';
  const decision = useDecision<{ status: Cek; catatan: string }>({
    draftKey: null,
    initial: () => ({ status: detail.cek ?? 'DIPERIKSA', catatan: detail.cekCatatan ?? '' }),
    validate: (draft) => (draft.status === 'DITANDAI' && draft.catatan.trim().length < 5 ? t.catatanWajib : null),
    outcome: () => ({ settles: false, note: idKeputusan.dapatDiubah }),
    send: (draft) =>
      cekSanggah(track, detail.id, {
        version: detail.version,
        status: draft.status,
        catatan: draft.catatan.trim() || null,
      }),
    onSent: () => {
      showSuccess(t.cekTersimpan);
      void refresh(['sanggah'], ['sanggah-detail']);
    },
    onReload,
    actions: [{ id: 'simpan', label: t.simpanCek, hotkey: 'Enter' }],
    shortcuts: [],
  });
  return (
    <DecisionPanel
      decision={decision}
      choice={choiceOf(decision, 'status', t.tandaiSebagai, [
        { value: 'DIPERIKSA', label: t.cek.DIPERIKSA ?? '', color: 'blue' },
        { value: 'DITANDAI', label: t.cek.DITANDAI ?? '', color: 'orange' },
      ])}
    >
      <DraftText decision={decision} field="catatan" label={t.catatanWasdal} />
    </DecisionPanel>
  );
}

export function ResetPanel({ detail, track }: { detail: SanggahDetail; track: TrackId }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [alasan, setAlasan] = useState('');
  const reset = useMutation({
    mutationFn: () => resetSanggah(track, [detail.id], alasan.trim()),
    onSuccess: (results) => {
      const failed = results.filter((result) => !result.ok);
      if (failed.length > 0) {
        showError(failed.map((result) => result.message).join(' '));
        return;
      }
      showSuccess(t.resetHasil(1, 0));
      void refresh(['sanggah']);
      void navigate(`/${track}/admin-reset-jawab-sanggah`);
    },
    onError: (error) => showError(error.message),
  });
  return (
    <>
      <Group justify="flex-end">
        <Button color="orange" onClick={() => setOpen(true)}>
          {t.reset}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t.resetJudul} centered>
        <Stack>
          <Text size="sm">{t.resetPenjelasan(1)}</Text>
          <ReasonText
            label={t.alasanReset}
            value={alasan}
            onChange={(event) => setAlasan(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t.batal}
            </Button>
            <Button
              color="orange"
              disabled={alasan.trim().length < 5}
              loading={reset.isPending}
              onClick={() => reset.mutate()}
            >
              {t.reset}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
