// The verifier's work screen (issue #4), `/{track}/verifikasi/detail?id=…`, one implementation for
// every track: the applicant's data beside the formasi's requirements with what the system finds,
// every document in a viewer with its own check, and the decision in the one decision panel
// (keyboard-first, draft kept). Opening is not claiming (issue #32): the applicant is claimed at
// the verifier's first edit and can be given back; the next one in the list's order is read and
// loaded in the background and opens at once after "Simpan & berikutnya", while the decision is
// still on its way (a refusal then names the applicant and leads back to the draft). Issue #35: what the
// reading of the documents found, per document; a finding chosen shows where it was read, and a
// "berat" one can be used as a TMS reason (button, or A) – never by itself.

import { Alert, Badge, Button, Checkbox, Kbd, Stack } from '@mantine/core';
import {
  ALASAN_TMS,
  type AlasanTms,
  namaLengkap,
  type PelamarDetail,
  type PelamarRow,
  STATUS_VERIFIKASI_NAMA,
  type TemuanDokumen,
  type TrackId,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ambilPelamar, lepasPelamar, simpanVerifikasi } from '../../api/verifikasi';
import { idKeputusan } from '../../i18n/keputusan';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DetailShell, useDetailId } from '../../layout/DetailShell';
import { acceptOrRefuse, DecisionPanel } from '../../ui/decision/DecisionPanel';
import { DetailLayout } from '../../ui/decision/DetailLayout';
import { DraftText } from '../../ui/decision/fields';
import { useDecision } from '../../ui/decision/useDecision';
import { Kartu } from '../../ui/Kartu';
import { useBerikutnya } from '../../ui/list/useBerikutnya';
import { StatusBadge } from '../../ui/pelamar/badges';
import { HasilVerifikasi } from '../../ui/pelamar/HasilVerifikasi';
import { PelamarSummary } from '../../ui/pelamar/PelamarSummary';
import { detailQuery, prefetchPelamar } from '../../ui/pelamar/pelamar';
import {
  adaBacaan,
  bisaDipakai,
  TemuanBacaanList,
  TOMBOL_PAKAI,
  temuanDifokus,
  useTemuanPilihan,
} from '../../ui/pelamar/TemuanBacaan';
import { showError, showSuccess } from '../../ui/toast';
import { useCurrentPage } from '../../ui/useCurrentPage';
import { useRefresh } from '../../ui/useRefresh';
import { bisaDikerjakan, verifikasiQueue } from './antrean';
import { ClaimPanel } from './ClaimPanel';
import { DokumenCheck, type Form } from './DokumenCheck';
import { SyaratTable, TemuanList } from './shared';

const t = idVerifikasi;
const LIST = 'verifikator' as const;

const draftKey = (track: TrackId, pelamarId: number) => `draf-verifikasi:${track}:${pelamarId}`;

function emptyForm(detail: PelamarDetail): Form {
  const saved = new Map(detail.verifikasi.cekDokumen.map((cek) => [cek.dokumenId, cek]));
  return {
    version: detail.verifikasi.version,
    cek: Object.fromEntries(
      detail.dokumen.map((dokumen) => [
        dokumen.id,
        { sesuai: saved.get(dokumen.id)?.sesuai ?? null, alasan: saved.get(dokumen.id)?.alasan ?? '' },
      ]),
    ),
    status: null,
    alasanTms: [],
    catatan: '',
  };
}

/** What is wrong with the form before it is sent, in the verifier's words; null when fine. */
export function formProblem(form: Form, detail: PelamarDetail): string | null {
  if (!form.status) return t.pilihKeputusan;
  const checks = detail.dokumen.map((dokumen) => form.cek[dokumen.id]);
  if (checks.some((cek) => cek?.sesuai === false && cek.alasan.trim() === '')) return t.isiAlasanDokumen;
  if (form.status === 'MS' && checks.some((cek) => cek?.sesuai !== true)) return t.belumLengkapMs;
  if (form.status === 'TMS' && form.alasanTms.length === 0) return t.pilihAlasan;
  return null;
}

function Workspace({ detail, track }: { detail: PelamarDetail; track: TrackId }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const v = detail.verifikasi;
  const held = v.klaim?.olehSaya ?? false;
  // Free (nobody holds it) or this verifier's: the panel is open, and the first edit claims it.
  const free = v.klaim === null;
  // Issue #34: a decision of theirs held for a colleague's blind second verification is not theirs
  // to make again: the panel says so instead of opening.
  const editable =
    detail.verifikasiKedua !== 'KEPUTUSAN_SAYA' &&
    (detail.statusVerifikasi === 'BELUM' ? held || free : detail.statusSupervisi === 'DIKEMBALIKAN' && held);
  const [current, setCurrent] = useState(0);
  const reasonInput = useRef<HTMLInputElement>(null);
  const dokumen = detail.dokumen[current];
  const count = detail.dokumen.length;
  const temuanBacaan = useTemuanPilihan(detail, setCurrent);
  const source = useMemo(() => verifikasiQueue(track, ''), [track]);
  const next = useBerikutnya<PelamarRow>({
    source,
    sekarang: detail.id,
    detailPath: (id) => `/${track}/verifikasi/detail?id=${id}`,
    listPath: `/${track}/verifikasi`,
    muat: (id) => prefetchPelamar(queryClient, track, LIST, Number(id)),
    bisaDibuka: bisaDikerjakan,
    enabled: editable,
    habis: t.antrianKosong,
  });

  // The claim: made once, at the first edit (or before sending a restored draft). A refusal is
  // said once: by a toast at the edit, by the decision's own error when sending.
  const klaim = useRef<Promise<unknown> | null>(null);
  const pastikanKlaim = () => {
    if (held) return Promise.resolve();
    klaim.current ??= ambilPelamar(track, detail.id).then(
      () => refresh(['pelamar'], ['pelamar-detail', track, LIST, detail.id]),
      (error: unknown) => {
        klaim.current = null;
        void refresh(['pelamar-detail', track, LIST, detail.id]);
        throw error;
      },
    );
    return klaim.current;
  };
  const lepas = useMutation({
    mutationFn: () => lepasPelamar(track, detail.id),
    onSuccess: () => {
      klaim.current = null;
      localStorage.removeItem(draftKey(track, detail.id));
      showSuccess(t.dilepas(namaLengkap(detail)));
      return refresh(['pelamar'], ['pelamar-detail', track, LIST, detail.id]);
    },
    onError: (error) => showError(error.message),
  });

  const decision = useDecision<Form>({
    draftKey: editable ? draftKey(track, detail.id) : null,
    enabled: editable,
    onEdit: () =>
      void pastikanKlaim().catch((error: unknown) => showError(error instanceof Error ? error.message : String(error))),
    initial: () => emptyForm(detail),
    validate: (form) => formProblem(form, detail),
    // The supervisor reviews it and may return it: saved at once (ui/decision rule).
    outcome: () => ({ settles: false, note: idKeputusan.kembaliKeSupervisor }),
    send: async (form) => {
      await pastikanKlaim();
      return simpanVerifikasi(track, detail.id, {
        version: form.version,
        statusVerifikasi: form.status as 'MS' | 'TMS',
        cekDokumen: detail.dokumen.flatMap((item) => {
          const cek = form.cek[item.id];
          return cek && cek.sesuai !== null
            ? [{ dokumenId: item.id, sesuai: cek.sesuai, alasan: cek.sesuai ? null : cek.alasan.trim() }]
            : [];
        }),
        alasanTms: form.status === 'TMS' ? form.alasanTms : [],
        catatan: form.catatan.trim() || null,
      });
    },
    onSent: (_, form, action) => {
      showSuccess(t.tersimpanUntuk(namaLengkap(detail), STATUS_VERIFIKASI_NAMA[form.status === 'MS' ? 'MS' : 'TMS']));
      if (action !== 'berikutnya') {
        void refresh(['pelamar'], ['pelamar-detail', track, LIST, detail.id]);
        return;
      }
      // Moved on already: the saved applicant and the lists are only marked stale (read again when
      // next shown), so nothing competes with drawing the next applicant on a slow link.
      for (const queryKey of [['pelamar'], ['pelamar-detail', track, LIST, detail.id]]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
    // "Simpan & berikutnya" draws the next applicant while the decision travels (issue #32); a
    // refusal names this applicant and its tap opens it again, the draft restored.
    sebelumJawaban: {
      action: 'berikutnya',
      pindah: () => next.lanjut(),
      gagal: (error) => {
        void queryClient.invalidateQueries({ queryKey: ['pelamar-detail', track, LIST, detail.id] });
        showError({
          message: t.belumTersimpan(namaLengkap(detail), error.message),
          onTap: () => void navigate(`/${track}/verifikasi/detail?id=${detail.id}`),
        });
      },
    },
    onReload: async () => {
      const fresh = await queryClient.fetchQuery({ ...detailQuery(track, LIST, detail.id), staleTime: 0 });
      // Keep what the verifier typed; take the new version so the next save is against it.
      decision.update((previous) => ({ ...previous, version: fresh.verifikasi.version }));
    },
    actions: [
      { id: 'berikutnya', label: t.simpanBerikutnya, hotkey: 'Enter' },
      { id: 'simpan', label: t.simpan, hotkey: 's', variant: 'default' },
    ],
    keys: {
      j: () => setCurrent((index) => Math.min(count - 1, index + 1)),
      ArrowRight: () => setCurrent((index) => Math.min(count - 1, index + 1)),
      k: () => setCurrent((index) => Math.max(0, index - 1)),
      ArrowLeft: () => setCurrent((index) => Math.max(0, index - 1)),
      s: () => {
        if (!dokumen) return;
        setCek(dokumen.id, true);
        setCurrent((index) => Math.min(count - 1, index + 1));
      },
      x: (event) => {
        if (!dokumen) return;
        event.preventDefault();
        setCek(dokumen.id, false);
        setTimeout(() => reasonInput.current?.focus(), 0);
      },
      // The finding whose entry has the focus, else the one chosen: its reason, if it suggests one.
      [TOMBOL_PAKAI]: () => {
        const temuan = temuanDifokus(detail) ?? temuanBacaan.pilihan;
        if (temuan) pakaiTemuan(temuan);
      },
      m: () => decision.update({ status: 'MS', alasanTms: [] }),
      t: () => decision.update({ status: 'TMS' }),
      ...Object.fromEntries(
        ALASAN_TMS.map((alasan, index) => [
          String(index + 1),
          () => {
            if (decision.draft.status === 'TMS') toggleAlasan(alasan.kode);
          },
        ]),
      ),
    },
    shortcuts: t.pintasanDaftar.filter(([keys]) => keys !== '?'),
  });
  const form = decision.draft;

  function setCek(dokumenId: number, sesuai: boolean) {
    decision.update((previous) => ({
      ...previous,
      cek: { ...previous.cek, [dokumenId]: { sesuai, alasan: previous.cek[dokumenId]?.alasan ?? '' } },
    }));
  }
  function toggleAlasan(kode: AlasanTms, on?: boolean) {
    decision.update((previous) => {
      const has = previous.alasanTms.includes(kode);
      const next = on ?? !has;
      return {
        ...previous,
        status: next ? 'TMS' : previous.status,
        alasanTms: next
          ? has
            ? previous.alasanTms
            : [...previous.alasanTms, kode]
          : previous.alasanTms.filter((item) => item !== kode),
      };
    });
  }

  /** A reading's finding as a TMS reason, as the registration's findings are used (the verifier's act). */
  function pakaiTemuan(temuan: TemuanDokumen) {
    if (bisaDipakai(temuan)) toggleAlasan(temuan.alasan, true);
  }

  return (
    <Stack gap="md">
      <PelamarSummary
        pelamar={detail}
        badges={
          <>
            <StatusBadge status={detail.statusVerifikasi} />
            {detail.statusSupervisi === 'DIKEMBALIKAN' && <Badge color="orange">{t.dikembalikan}</Badge>}
            {(detail.verifikasiKedua === 'MENUNGGU' || detail.verifikasiKedua === 'KEPUTUSAN_SAYA') && (
              <Badge
                color="grape"
                variant="outline"
                data-testid="verifikasi-kedua"
                title={detail.verifikasiKedua === 'MENUNGGU' ? t.verifikasiKeduaPenjelasan : t.keputusanSayaDiperiksa}
              >
                {t.verifikasiKedua[detail.verifikasiKedua]}
              </Badge>
            )}
            {held && (
              <Badge variant="outline" data-testid="klaim-saya">
                {t.diambilAnda}
              </Badge>
            )}
            {held && detail.statusVerifikasi === 'BELUM' && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => lepas.mutate()}
                loading={lepas.isPending}
                title={t.lepaskanPenjelasan}
              >
                {t.lepaskan}
              </Button>
            )}
          </>
        }
      />
      {v.catatanSupervisi && detail.statusSupervisi === 'DIKEMBALIKAN' && (
        <Alert color="orange" title={t.catatanSupervisor}>
          {v.catatanSupervisi}
        </Alert>
      )}
      <DetailLayout
        info={
          <>
            <Kartu title={t.syarat} compact>
              <SyaratTable detail={detail} />
            </Kartu>
            <Kartu title={t.temuan} compact>
              <TemuanList
                temuan={v.temuan}
                onUse={editable ? (alasan) => toggleAlasan(alasan, true) : undefined}
                empty={adaBacaan(detail) ? t.tidakAdaTemuanDaftar : undefined}
              />
              <TemuanBacaanList
                detail={detail}
                pilihan={temuanBacaan.pilihan?.id}
                onPilih={temuanBacaan.pilih}
                onPakai={editable ? pakaiTemuan : undefined}
              />
            </Kartu>
          </>
        }
        documents={
          <DokumenCheck
            detail={detail}
            track={track}
            list={LIST}
            current={current}
            onSelect={setCurrent}
            form={form}
            editable={editable}
            setCek={setCek}
            setAlasan={(dokumenId, alasan) =>
              decision.update((previous) => ({
                ...previous,
                cek: { ...previous.cek, [dokumenId]: { sesuai: false, alasan } },
              }))
            }
            reasonInput={reasonInput}
            sorotan={temuanBacaan.sorotan}
          />
        }
        decision={
          editable ? (
            <DecisionPanel
              decision={decision}
              title={t.keputusan}
              choice={{
                label: t.keputusan,
                choices: acceptOrRefuse(['MS', t.msPendek], ['TMS', t.tmsPendek]),
                value: form.status,
                onChange: (value) =>
                  decision.update((previous) => ({
                    ...previous,
                    status: value,
                    alasanTms: value === 'MS' ? [] : previous.alasanTms,
                  })),
              }}
            >
              {form.status === 'TMS' && (
                <Checkbox.Group
                  label={t.alasanTms}
                  value={form.alasanTms}
                  onChange={(value) => decision.update({ alasanTms: value as AlasanTms[] })}
                >
                  <Stack gap={4} mt={4}>
                    {ALASAN_TMS.map((alasan, index) => (
                      <Checkbox
                        key={alasan.kode}
                        value={alasan.kode}
                        label={
                          <>
                            <Kbd size="xs" mr={6}>
                              {index + 1}
                            </Kbd>
                            {alasan.label}
                          </>
                        }
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
              <DraftText decision={decision} field="catatan" label={t.catatan} />
            </DecisionPanel>
          ) : (
            <Kartu title={t.keputusan} compact>
              {detail.statusVerifikasi === 'BELUM' ? (
                <ClaimPanel detail={detail} />
              ) : (
                <HasilVerifikasi detail={detail} />
              )}
            </Kartu>
          )
        }
      />
    </Stack>
  );
}

export function VerifikasiDetailPage() {
  const track = useCurrentPage()?.track;
  const pelamarId = useDetailId() ?? 0;
  const valid = pelamarId > 0;
  const query = useQuery({ ...detailQuery(track ?? 'cpns', LIST, pelamarId), enabled: valid && track !== undefined });
  if (!track) return null;
  return (
    <DetailShell back={`/${track}/verifikasi`} valid={valid} query={query}>
      {(data) => <Workspace key={data.id} detail={data} track={track} />}
    </DetailShell>
  );
}
