// Dates as Indonesian readers expect them: "06 Sep 2024" in tables, "6 September 2024" in text.

const FORMATS: Record<'short' | 'long', Intl.DateTimeFormatOptions> = {
  short: { day: '2-digit', month: 'short', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
};

/** A `YYYY-MM-DD…` value as a local calendar date; "–" when there is none. */
export function formatTanggal(iso: string | null, style: 'short' | 'long' = 'short'): string {
  return iso ? new Date(`${iso.slice(0, 10)}T00:00:00`).toLocaleDateString('id-ID', FORMATS[style]) : '–';
}

/** A `YYYY-MM-DDTHH:MM:SS` local (WIB) moment as "23 November 2026 10.15"; "–" when none. */
export function formatWaktu(iso: string | null): string {
  if (!iso) return '–';
  const date = new Date(iso.length > 10 ? iso : `${iso}T00:00:00`);
  return `${date.toLocaleDateString('id-ID', FORMATS.long)} ${date.toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit' })}`;
}
