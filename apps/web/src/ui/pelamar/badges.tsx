// The applicant's verification status and a document's check, as badges: words, with colour as
// a second cue only (never the only one).

import { Badge } from '@mantine/core';
import type { StatusVerifikasi, TemuanOtomatis, TingkatTemuan } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { idPelamar } from '../../i18n/pelamar';
import { idVerifikasi } from '../../i18n/verifikasi';
import { StatusLabel } from '../status/StatusBadges';

export const STATUS_COLOR: Record<StatusVerifikasi, string> = { BELUM: 'gray', MS: 'teal', TMS: 'red' };

export function StatusBadge({ status }: { status: StatusVerifikasi }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" title={idPelamar.status[status]}>
      {idPelamar.statusShort[status]}
    </Badge>
  );
}

/** A document's check by the verifier: sesuai, tidak sesuai, or not yet. */
export function CekBadge({ sesuai }: { sesuai: boolean | null | undefined }) {
  const t = idVerifikasi;
  if (sesuai === true)
    return (
      <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
        {t.sesuai}
      </Badge>
    );
  if (sesuai === false)
    return (
      <Badge color="red" variant="light" leftSection={<IconX size={12} aria-hidden />}>
        {t.tidakSesuai}
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      {t.belumDiperiksa}
    </Badge>
  );
}

/** Issue #35: how much a finding of the documents' reading weighs (words first, colour second). */
export const TINGKAT_COLOR: Record<TingkatTemuan, string> = { PERIKSA: 'yellow', BERAT: 'red' };

export function TingkatBadge({ tingkat }: { tingkat: TingkatTemuan }) {
  return (
    <Badge component="span" color={TINGKAT_COLOR[tingkat]} variant="light" size="sm" style={{ flexShrink: 0 }}>
      {idVerifikasi.bacaan.tingkat[tingkat]}
    </Badge>
  );
}

/** Issue #35: a list row's worst finding of the reading; nothing when there is none. */
export function TemuanOtomatisBadge({ temuan }: { temuan: TemuanOtomatis }) {
  if (temuan === 'TIDAK_ADA') return null;
  return (
    <StatusLabel
      color={TINGKAT_COLOR[temuan]}
      title={`${idVerifikasi.temuanOtomatis}: ${idVerifikasi.temuanOtomatisNama[temuan]}`}
    >
      {idVerifikasi.temuanOtomatisNama[temuan]}
    </StatusLabel>
  );
}
