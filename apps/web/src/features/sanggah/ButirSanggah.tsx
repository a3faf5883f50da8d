// One objected item of an objection (issue #5): the requirement (or affirmation claim) objected
// to, the verifier's (or checker's) reason, the applicant's argument, the way to its document, and
// – while it is answered – the answer's choice and reason from the decision's draft.

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { JawabanSanggah, SanggahDetail } from '@portal/contract';
import { IconFileText } from '@tabler/icons-react';
import { idAfirmasi } from '../../i18n/afirmasi';
import { idSanggah } from '../../i18n/sanggah';
import { acceptOrRefuse, ChoiceControl } from '../../ui/decision/DecisionPanel';
import { ReasonText } from '../../ui/decision/fields';
import { alasanLabel, dokumenLabel } from '../../ui/pelamar/pelamar';
import { StatusSanggahBadge } from '../../ui/status/StatusBadges';

const t = idSanggah;
export const kategoriLabel = (kategori: string) => idAfirmasi.kategori[kategori] ?? kategori;

export interface JawabDraft {
  jawaban: (JawabanSanggah | null)[];
  alasan: string[];
}

export interface ButirJawab {
  draft: JawabDraft;
  set: (index: number, patch: { jawaban?: JawabanSanggah; alasan?: string }) => void;
}

export function ButirSanggah({
  detail,
  index,
  onShow,
  jawab,
}: {
  detail: SanggahDetail;
  index: number;
  onShow: (dokumenId: number) => void;
  jawab: ButirJawab | null;
}) {
  const item = detail.butir[index];
  if (!item) return null;
  const v = detail.pelamar.verifikasi;
  const cek = item.dokumenId === null ? undefined : v.cekDokumen.find((check) => check.dokumenId === item.dokumenId);
  const dokumen = detail.pelamar.dokumen.find((doc) => doc.id === item.dokumenId);
  const klaim = detail.klaim.find((claim) => claim.id === item.afirmasiId);
  const pokok = klaim ? kategoriLabel(klaim.kategori) : alasanLabel(item.alasanTms ?? '');
  const label = `${t.butirKe(index + 1, detail.butir.length)}: ${pokok}`;
  return (
    <Paper withBorder p="sm" data-testid="butir-sanggah">
      <Stack gap={6}>
        <Title order={3} size="h6">
          {label}
        </Title>
        <Text size="xs" c="dimmed">
          {klaim ? t.afirmasi.keputusanChecker : t.alasanVerifikator}
        </Text>
        <Text size="sm">
          {klaim
            ? `${idAfirmasi.status[klaim.status]}${klaim.alasan ? ` — ${klaim.alasan}` : ''}`
            : `${pokok}${v.catatanVerifikasi ? ` — ${t.catatanVerifikator}: ${v.catatanVerifikasi}` : ''}`}
        </Text>
        {cek && !cek.sesuai && (
          <Text size="sm">
            {t.cekDokumenVerifikator}: {cek.alasan}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t.argumen}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {item.argumen}
        </Text>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t.dokumen}:
          </Text>
          {klaim || dokumen ? (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconFileText size={14} aria-hidden />}
              onClick={() => onShow(klaim ? klaim.id : (dokumen?.id ?? 0))}
              style={{ maxWidth: '100%' }}
            >
              {klaim
                ? `${t.afirmasi.lihatBukti}: ${klaim.namaFile}`
                : `${t.lihatDokumen}: ${dokumenLabel(dokumen?.jenis ?? '')}`}
            </Button>
          ) : (
            <Text size="xs">{t.tanpaDokumen}</Text>
          )}
        </Group>
        {jawab ? (
          <Stack gap={6} mt={4}>
            <ChoiceControl
              label={`${t.jawaban} ${label}`}
              choices={acceptOrRefuse(['DITERIMA', t.terima], ['DITOLAK', t.tolak])}
              value={jawab.draft.jawaban[index] ?? null}
              onChange={(value) => jawab.set(index, { jawaban: value as JawabanSanggah })}
            />
            <ReasonText
              label={t.alasanJawaban}
              value={jawab.draft.alasan[index] ?? ''}
              onChange={(event) => jawab.set(index, { alasan: event.currentTarget.value })}
            />
          </Stack>
        ) : item.jawaban ? (
          <Group gap="xs" mt={4} align="flex-start" wrap="nowrap">
            <StatusSanggahBadge status={item.jawaban} />
            <Text size="sm">{item.alasanJawaban}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" mt={4}>
            {t.belumDijawab}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
