// Pieces the Non-ASN screens share (issue #5): the status badge, whether the caller may answer now
// (an instansi admin, inside the KONFIRMASI_NONASN window), and the answer's reason + SPTJM fields.

import { Alert, Checkbox, Stack, Textarea } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { isNonAsnAdmin, KATEGORI_NONASN, KATEGORI_NONASN_NAMA, type KeputusanKonfirmasi } from '@portal/contract';
import { useState } from 'react';
import { useJadwal } from '../../api/jadwal';
import { useAuth } from '../../auth/authStore';
import { idNonasn } from '../../i18n/nonasn';
import type { FilterDescription } from '../../ui/list/types';

const t = idNonasn;

// The badge and its colours live with the other status badges (shared layer).

/** Whether the caller may answer now, and if not, why (shown instead of the buttons). */
export function useBolehKonfirmasi(): { boleh: boolean; alasan: string | null } {
  const user = useAuth().user;
  const jadwal = useJadwal('pppk', 'KONFIRMASI_NONASN');
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000, { autoInvoke: true });
  if (!user || !isNonAsnAdmin(user.authorities)) return { boleh: false, alasan: t.hanyaLihat };
  if (!jadwal) return { boleh: false, alasan: null };
  const open = now >= new Date(jadwal.mulai).getTime() && now <= new Date(jadwal.selesai).getTime();
  return open ? { boleh: true, alasan: null } : { boleh: false, alasan: t.diLuarJadwal };
}

export interface JawabanFields {
  alasan: string;
  sptjm: boolean;
}

/** What keeps an answer from being sent, or null when it can be. */
export function masalahJawaban(status: KeputusanKonfirmasi, fields: JawabanFields, needsReason: boolean) {
  if ((status === 'TIDAK_DIUSULKAN' || needsReason) && !fields.alasan.trim()) return t.alasanWajib;
  if (!fields.sptjm) return t.sptjmWajib;
  return null;
}

/** The reason and the SPTJM statement, as every answer form asks them. */
export function JawabanInputs({
  status,
  value,
  onChange,
  needsReason = false,
  problem,
}: {
  status: KeputusanKonfirmasi;
  value: JawabanFields;
  onChange: (next: JawabanFields) => void;
  needsReason?: boolean;
  /** Shown under the fields; the decision panel shows its own instead. */
  problem?: string | null;
}) {
  const required = status === 'TIDAK_DIUSULKAN' || needsReason;
  return (
    <Stack gap="sm">
      <Textarea
        label={status === 'TIDAK_DIUSULKAN' ? t.alasan : needsReason ? t.alasanUbah : t.alasanOpsional}
        // Not the native `required`: the browser's bubble would hide the form's own message.
        withAsterisk={required}
        aria-required={required}
        autosize
        minRows={2}
        maxLength={1000}
        value={value.alasan}
        onChange={(event) => onChange({ ...value, alasan: event.currentTarget.value })}
      />
      <Checkbox
        label={t.sptjm}
        checked={value.sptjm}
        onChange={(event) => onChange({ ...value, sptjm: event.currentTarget.checked })}
      />
      {problem && (
        <Alert color="red" p="xs" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

/** The filters both Non-ASN lists share: the instansi for national roles, and the category. */
export function nonAsnFilters(national: boolean): FilterDescription[] {
  return [
    ...(national ? [{ kind: 'instansi' as const, key: 'instansiId', path: '/pppk/nonasn/instansi' }] : []),
    {
      kind: 'select',
      key: 'kategori',
      label: idNonasn.kategori,
      placeholder: idNonasn.semuaKategori,
      options: KATEGORI_NONASN.map((kategori) => ({ value: kategori, label: KATEGORI_NONASN_NAMA[kategori] })),
      width: 280,
    },
  ];
}
