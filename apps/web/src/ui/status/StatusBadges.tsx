// The status badges of every workflow (verification, objection, score objection, affirmation,
// non-ASN confirmation), shared by the lists and the detail pages. Status is said in words (the
// colour only repeats it), and a badge is never cut short: it wraps inside a narrow cell instead.

import { Badge, type BadgeProps, Text } from '@mantine/core';
import type {
  StatusAfirmasi,
  StatusKonfirmasi,
  StatusSanggah,
  StatusSanggahNilai,
  StatusVerifikasi,
} from '@portal/contract';
import { idAfirmasi } from '../../i18n/afirmasi';
import { idNonasn } from '../../i18n/nonasn';
import { idPelamar } from '../../i18n/pelamar';
import { idSanggah } from '../../i18n/sanggah';
import { idSanggahNilai } from '../../i18n/sanggah-nilai';
import './status.css';

/** A badge that sizes to its words and wraps rather than truncates (issue #19). */
export function StatusLabel({ children, className, ...props }: BadgeProps & { title?: string }) {
  return (
    <Badge variant="light" {...props} className={['portal-status-badge', className].filter(Boolean).join(' ')}>
      {children}
    </Badge>
  );
}

export const STATUS_VERIFIKASI_COLOR: Record<StatusVerifikasi, string> = { BELUM: 'gray', MS: 'teal', TMS: 'red' };

export function StatusBadge({ status }: { status: StatusVerifikasi }) {
  return (
    <StatusLabel color={STATUS_VERIFIKASI_COLOR[status]} title={idPelamar.status[status]}>
      {idPelamar.statusShort[status]}
    </StatusLabel>
  );
}

export const STATUS_SANGGAH_COLOR: Record<StatusSanggah, string> = {
  DIAJUKAN: 'yellow',
  DITERIMA: 'teal',
  DITOLAK: 'red',
};

export function StatusSanggahBadge({ status }: { status: StatusSanggah }) {
  return <StatusLabel color={STATUS_SANGGAH_COLOR[status]}>{idSanggah.status[status]}</StatusLabel>;
}

/** The wasdal's check of an answer: not yet, checked, or flagged. */
export function CekBadge({ cek }: { cek: string | null }) {
  if (!cek)
    return (
      <Text size="xs" c="dimmed">
        {idSanggah.cek.BELUM}
      </Text>
    );
  return <StatusLabel color={cek === 'DITANDAI' ? 'orange' : 'blue'}>{idSanggah.cek[cek] ?? cek}</StatusLabel>;
}

export const STATUS_SANGGAH_NILAI_COLOR: Record<StatusSanggahNilai, string> = {
  DIAJUKAN: 'yellow',
  MENUNGGU_PERSETUJUAN: 'blue',
  DITOLAK: 'red',
  DISETUJUI: 'teal',
  TIDAK_DISETUJUI: 'gray',
};

export function StatusSanggahNilaiBadge({ status }: { status: StatusSanggahNilai }) {
  return <StatusLabel color={STATUS_SANGGAH_NILAI_COLOR[status]}>{idSanggahNilai.status[status]}</StatusLabel>;
}

export const STATUS_AFIRMASI_COLOR: Record<StatusAfirmasi, string> = {
  BELUM: 'yellow',
  VALID: 'teal',
  TIDAK_VALID: 'red',
};

export function StatusAfirmasiBadge({ status }: { status: StatusAfirmasi }) {
  return <StatusLabel color={STATUS_AFIRMASI_COLOR[status]}>{idAfirmasi.status[status]}</StatusLabel>;
}

export const STATUS_KONFIRMASI_COLOR: Record<StatusKonfirmasi, string> = {
  BELUM: 'gray',
  DIKONFIRMASI: 'teal',
  TIDAK_DIUSULKAN: 'red',
};

export function KonfirmasiBadge({ status }: { status: StatusKonfirmasi }) {
  return (
    <StatusLabel color={STATUS_KONFIRMASI_COLOR[status]} title={idNonasn.status[status]}>
      {idNonasn.statusShort[status]}
    </StatusLabel>
  );
}
