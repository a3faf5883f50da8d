// Indonesian formats of list cells: dates DD/MM/YYYY, moments "DD/MM/YYYY HH.mm WIB" (the portal's
// clock is Jakarta's, whatever the browser's zone), numbers "1.234,5", scores, masked NIKs.

const WIB = 'Asia/Jakarta';

/** `YYYY-MM-DD…` → "05/09/2024"; "–" when there is none. A calendar date: no zone shift. */
export function formatTanggal(iso: string | null | undefined): string {
  if (!iso) return '–';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : iso;
}

/**
 * A moment as "05/09/2024 21.21 WIB". The server sends WIB wall-clock time without an offset
 * (`YYYY-MM-DDTHH:MM:SS`) or an instant with one; either is shown on Jakarta's clock.
 */
export function formatWaktu(iso: string | null | undefined): string {
  if (!iso) return '–';
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso)) {
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(iso);
    if (!match) return iso;
    const [, y, m, d, hh = '00', mm = '00'] = match;
    return `${d}/${m}/${y} ${hh}.${mm} WIB`;
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: WIB,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}.${parts.minute} WIB`;
}

/** 1234.5 → "1.234,5". */
export function formatAngka(value: number | null | undefined, maximumFractionDigits = 2): string {
  return value === null || value === undefined ? '–' : value.toLocaleString('id-ID', { maximumFractionDigits });
}

/** A score as sent (a decimal string) → "85,5"; "–" when there is none. */
export function formatNilai(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '–' : formatAngka(Number(value), 2);
}

/** 3201234567890001 → 320123******0001 (already masked values pass unchanged). */
export function maskNik(nik: string): string {
  return /^\d{16}$/.test(nik) ? `${nik.slice(0, 6)}******${nik.slice(12)}` : nik;
}
