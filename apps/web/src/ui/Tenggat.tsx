// The deadline of a stage, visible where its work is done (lists and detail pages of several
// features): open with the time left (counting down, orange in the last day), not yet open, or
// closed – the server refuses outside it anyway. Its badge wraps on a phone, never cut short.

import { Tooltip } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { formatWaktu, TAHAP_NAMA, type Tahap, type TrackId } from '@portal/contract';
import { IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useJadwal } from '../api/jadwal';
import { StatusLabel } from './status/StatusBadges';

/** "2 hari 3 jam", "5 jam 12 menit", "12 menit" until `ms` has passed. */
export function sisaWaktu(ms: number): string {
  const menit = Math.max(0, Math.floor(ms / 60_000));
  const hari = Math.floor(menit / 1440);
  const jam = Math.floor((menit % 1440) / 60);
  if (hari > 0) return `${hari} hari${jam ? ` ${jam} jam` : ''}`;
  if (jam > 0) return `${jam} jam ${menit % 60} menit`;
  return `${menit} menit`;
}

export function Tenggat({ track, tahap }: { track: TrackId; tahap: Tahap }) {
  const jadwal = useJadwal(track, tahap);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000, { autoInvoke: true });
  if (!jadwal) return null;
  const mulai = new Date(jadwal.mulai).getTime();
  const selesai = new Date(jadwal.selesai).getTime();
  const rentang = `${formatWaktu(jadwal.mulai)} – ${formatWaktu(jadwal.selesai)}`;
  const [color, text] =
    now < mulai
      ? ['gray', `Jadwal ${TAHAP_NAMA[tahap]} dibuka dalam ${sisaWaktu(mulai - now)}`]
      : now > selesai
        ? ['red', `Jadwal ${TAHAP_NAMA[tahap]} telah ditutup`]
        : [
            selesai - now < 86_400_000 ? 'orange' : 'teal',
            `Sisa waktu ${TAHAP_NAMA[tahap]}: ${sisaWaktu(selesai - now)}`,
          ];
  return (
    <Tooltip label={rentang}>
      <StatusLabel color={color} size="lg" leftSection={<IconClock size={14} aria-hidden />} data-testid="tenggat">
        {text}
      </StatusLabel>
    </Tooltip>
  );
}
