// The verifier's documents: the tabs, the current one's check (S sesuai, X tidak sesuai with its
// reason) and the viewer. The checks are part of the decision's draft (VerifikasiDetailPage).

import { Button, Group, Kbd, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { AlasanTms, PelamarDetail, PelamarList, TrackId } from '@portal/contract';
import type { RefObject } from 'react';
import { dokumenPath } from '../../api/pelamar';
import { idPelamar } from '../../i18n/pelamar';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DokumenTabs, DokumenView } from '../../ui/dokumen/berkas';
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
}) {
  const dokumen = detail.dokumen[current];
  const cek = dokumen ? form.cek[dokumen.id] : undefined;
  return (
    <Paper withBorder p="sm">
      <DokumenTabs
        detail={detail}
        current={current}
        onSelect={onSelect}
        stateOf={(dokumenId) => form.cek[dokumenId]?.sesuai}
      />
      {dokumen ? (
        <Stack gap="xs" role="tabpanel" aria-label={dokumenLabel(dokumen.jenis)}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {dokumenLabel(dokumen.jenis)}{' '}
              <Text span size="xs" c="dimmed">
                ({t.dokumenKe(current + 1, detail.dokumen.length)})
              </Text>
            </Text>
            {editable ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  color="teal"
                  variant={cek?.sesuai === true ? 'filled' : 'light'}
                  onClick={() => setCek(dokumen.id, true)}
                  aria-pressed={cek?.sesuai === true}
                >
                  {t.sesuai}
                  <Kbd ml={6} aria-hidden>
                    S
                  </Kbd>
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant={cek?.sesuai === false ? 'filled' : 'light'}
                  onClick={() => setCek(dokumen.id, false)}
                  aria-pressed={cek?.sesuai === false}
                >
                  {t.tidakSesuai}
                  <Kbd ml={6} aria-hidden>
                    X
                  </Kbd>
                </Button>
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
          <DokumenView
            path={dokumenPath(track, list, detail.id, dokumen.id)}
            detail={detail}
            dokumenId={dokumen.id}
            height="68vh"
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {idPelamar.detail.noDokumen}
        </Text>
      )}
    </Paper>
  );
}
