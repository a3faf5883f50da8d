// The verifier's documents: the tabs, the current one's check (S sesuai, X tidak sesuai with its
// reason) and the viewer. The checks are part of the decision's draft (VerifikasiDetailPage).

import { Button, Group, Kbd, Text, TextInput } from '@mantine/core';
import type { AlasanTms, PelamarDetail, PelamarList, TrackId } from '@portal/contract';
import type { RefObject } from 'react';
import { dokumenPath } from '../../api/pelamar';
import { idPelamar } from '../../i18n/pelamar';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DokumenPanel, type SorotanDokumen } from '../../ui/dokumen/berkas';
import { CekBadge } from '../../ui/pelamar/badges';
import { dokumenLabel } from '../../ui/pelamar/pelamar';

const t = idVerifikasi;

export interface Form {
  version: number;
  cek: Record<number, { sesuai: boolean | null; alasan: string }>;
  status: 'MS' | 'TMS' | null;
  alasanTms: AlasanTms[];
  catatan: string;
}

export function DokumenCheck({
  detail,
  track,
  list,
  current,
  onSelect,
  form,
  editable,
  setCek,
  setAlasan,
  reasonInput,
  sorotan,
}: {
  detail: PelamarDetail;
  track: TrackId;
  list: PelamarList;
  current: number;
  onSelect: (index: number) => void;
  form: Form;
  editable: boolean;
  setCek: (dokumenId: number, sesuai: boolean) => void;
  setAlasan: (dokumenId: number, alasan: string) => void;
  reasonInput: RefObject<HTMLInputElement | null>;
  /** Issue #35: the region of a finding chosen, outlined on its document. */
  sorotan?: SorotanDokumen | null;
}) {
  return (
    <DokumenPanel
      detail={detail}
      current={current}
      onSelect={onSelect}
      stateOf={(dokumenId) => form.cek[dokumenId]?.sesuai}
      pathOf={(dokumenId) => dokumenPath(track, list, detail.id, dokumenId)}
      sorotan={sorotan}
      empty={
        <Text size="sm" c="dimmed">
          {idPelamar.detail.noDokumen}
        </Text>
      }
      above={(dokumen) => {
        const cek = form.cek[dokumen.id];
        return (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {dokumenLabel(dokumen.jenis)}{' '}
                <Text span size="xs" c="dimmed">
                  ({t.dokumenKe(current + 1, detail.dokumen.length)})
                </Text>
              </Text>
              {editable ? (
                <Group gap="xs">
                  {([true, false] as const).map((sesuai) => (
                    <Button
                      key={String(sesuai)}
                      size="xs"
                      color={sesuai ? 'teal' : 'red'}
                      variant={cek?.sesuai === sesuai ? 'filled' : 'light'}
                      onClick={() => setCek(dokumen.id, sesuai)}
                      aria-pressed={cek?.sesuai === sesuai}
                    >
                      {sesuai ? t.sesuai : t.tidakSesuai}
                      <Kbd ml={6} aria-hidden>
                        {sesuai ? 'S' : 'X'}
                      </Kbd>
                    </Button>
                  ))}
                </Group>
              ) : (
                <CekBadge sesuai={cek?.sesuai} />
              )}
            </Group>
            {editable && cek?.sesuai === false && (
              <TextInput
                ref={reasonInput}
                label={t.alasanDokumen}
                value={cek.alasan}
                maxLength={500}
                onChange={(event) => setAlasan(dokumen.id, event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === 'Escape') {
                    event.preventDefault();
                    event.currentTarget.blur();
                  }
                }}
              />
            )}
          </>
        );
      }}
    />
  );
}
