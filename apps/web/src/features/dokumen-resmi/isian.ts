// What the official documents' form remembers and computes outside React: the last signers per
// track (localStorage, so the admin does not retype them) and today's date in WIB. What is wrong
// with its fields is kept by the one form pattern (ui/form/).

import { type Penandatangan, STORAGE_KEYS, type TrackId } from '@portal/contract';

export interface PenandatanganTersimpan {
  pengumuman?: Penandatangan;
  beritaAcara?: Penandatangan[];
}

const key = (track: TrackId) => `${STORAGE_KEYS.penandatanganPrefix}${track}`;

const isPenandatangan = (value: unknown): value is Penandatangan =>
  typeof value === 'object' &&
  value !== null &&
  ['jabatan', 'nama', 'nip'].every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

export function bacaPenandatangan(track: TrackId): PenandatanganTersimpan {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key(track)) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    const { pengumuman, beritaAcara } = stored as Record<string, unknown>;
    return {
      pengumuman: isPenandatangan(pengumuman) ? pengumuman : undefined,
      beritaAcara:
        Array.isArray(beritaAcara) && beritaAcara.length > 0 && beritaAcara.every(isPenandatangan)
          ? beritaAcara.slice(0, 3)
          : undefined,
    };
  } catch {
    // A damaged entry is forgotten, not fatal.
    return {};
  }
}

export function simpanPenandatangan(track: TrackId, patch: PenandatanganTersimpan): void {
  localStorage.setItem(key(track), JSON.stringify({ ...bacaPenandatangan(track), ...patch }));
}

/** Today in WIB (Asia/Jakarta) as YYYY-MM-DD, whatever the browser's own time zone. */
export function hariIniWib(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
