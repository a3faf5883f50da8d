// Issue #35: names as people write them and as OCR reads them – titles before and after, accents,
// punctuation, old and new spelling (Moehammad, Djoko, Soeharto) – brought to one form, so a KTP's
// or an ijazah's name can be compared with the registration. Pure functions.

/** Uppercase, without diacritics (é → E), spaces as they were. */
export const lipat = (teks: string): string => teks.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

/** The number of single-character edits (insert, delete, replace) that turn `a` into `b`. */
export function jarakEdit(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let sebelum = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const kini = [i];
    for (let j = 1; j <= b.length; j++) {
      const ganti = (sebelum[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      kini[j] = Math.min((sebelum[j] ?? 0) + 1, (kini[j - 1] ?? 0) + 1, ganti);
    }
    sebelum = kini;
  }
  return sebelum[b.length] ?? 0;
}

/** Titles written before a name (without their dots): Dr., Drs., Hj., Prof., Ns., apt., … */
const GELAR_DEPAN = new Set(['DR', 'DRS', 'DRA', 'DRG', 'DRH', 'IR', 'H', 'HJ', 'PROF', 'NS', 'APT', 'KH']);

/** Degrees written after a name, without dots and spaces (S.Pd. → SPD); any dotted group counts too. */
const GELAR_BELAKANG = new Set([
  'SPD',
  'SPDI',
  'SPDSD',
  'SKOM',
  'SKEP',
  'SKEB',
  'NS',
  'NERS',
  'SE',
  'SH',
  'SHI',
  'SAG',
  'SSI',
  'SSOS',
  'SIP',
  'SIKOM',
  'SPSI',
  'SST',
  'STRKES',
  'STRKEP',
  'STRKEB',
  'ST',
  'SP',
  'STP',
  'SKM',
  'SGZ',
  'SAB',
  'SDS',
  'SHUT',
  'SKED',
  'SKG',
  'SKH',
  'SFARM',
  'SIA',
  'SAK',
  'APT',
  'AMD',
  'AMDKEP',
  'AMDKEB',
  'AMDFARM',
  'AMDGZ',
  'AMDAK',
  'AMDKL',
  'AMDKES',
  'AMDRMIK',
  'AMDTLM',
  'AMDKOM',
  'MPD',
  'MSI',
  'MKES',
  'MKEP',
  'MM',
  'MT',
  'MH',
  'MKOM',
  'MAP',
  'MSC',
  'MAK',
  'BSC',
  'PHD',
  'SPOG',
  'SPPD',
  'SPA',
  'SPB',
]);

/** A dotted group of letters such as S.Pd., A.Md.Kep., S.Tr.Kes. (an initial alone, "N.", is not). */
const BERTITIK = /^[A-Z]{1,5}(?:\.[A-Z]{1,6})+\.?$/i;

/** OCR's digits inside a word of letters: SIT1 → SITI, 0KTA → OKTA. */
const DIGIT_KE_HURUF: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '|': 'I' };
const hurufkan = (kata: string) =>
  /\p{L}/u.test(kata) ? kata.replace(/[0158|]/g, (c) => DIGIT_KE_HURUF[c] ?? c) : kata;

const kunci = (kata: string) => kata.toUpperCase().replace(/[^A-Z]/g, '');

const gelarBelakang = (kata: string[]): boolean => {
  const k = kunci(kata.join(''));
  return k !== '' && (GELAR_BELAKANG.has(k) || (kata.length === 1 && BERTITIK.test(kata[0] ?? '')));
};

/**
 * A name in one comparable form: uppercase, no diacritics or punctuation, single spaces, without the
 * titles before it (Dr., Hj., Prof., …) or the degrees after it (", S.Pd.", "A.Md.Kep.", "M.Kes").
 * "Hj. Siti Aminah, S.Pd." → "SITI AMINAH"; "Siti N." → "SITI N".
 */
export function normalisasiNama(nama: string): string {
  let teks = lipat(nama).trim();
  // Names carry no commas: what follows the first one is degrees.
  const koma = teks.indexOf(',');
  if (koma > 0) teks = teks.slice(0, koma);
  let kata = teks.split(/\s+/).filter(Boolean).map(hurufkan);
  // A title stuck to the name: "DR.BUDI" → "DR." "BUDI".
  kata = kata.flatMap((k, i) => {
    const m = /^([A-Z]+\.)([A-Z].*)$/.exec(k);
    return i === 0 && m?.[1] && m[2] && GELAR_DEPAN.has(kunci(m[1])) ? [m[1], m[2]] : [k];
  });
  while (kata.length > 1 && GELAR_DEPAN.has(kunci(kata[0] ?? ''))) kata.shift();
  let berubah = true;
  while (berubah && kata.length > 1) {
    berubah = false;
    // The last one, two or three words: "S.Pd.", "S. Pd", "A. Md. Kep".
    for (const n of [3, 2, 1]) {
      if (kata.length > n && gelarBelakang(kata.slice(-n))) {
        kata = kata.slice(0, -n);
        berubah = true;
        break;
      }
    }
  }
  return kata
    .join(' ')
    .replace(/['’`‘]/g, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();
}

/** Spellings of Muhammad: Muhamad, Mohammad, Mochamad, Muhammed, … and the short ones. */
const MUHAMMAD = /^M[UO]C?H?A?M{1,2}[AE]D$/;
const SINGKAT_MUHAMMAD = new Set(['MOCH', 'MOCHD', 'MOH', 'MOHD', 'MUH', 'MUHD', 'MHD', 'MUCH', 'MUHAMMAD']);

/**
 * A name (normalised first) in a form where common Indonesian spelling variants meet: Muhammad's
 * spellings, old spelling (OE → U, DJ → J, TJ → C, J → Y, CH/KH → H), DH/TH → D/T, double letters
 * single, Y at a word's end as I. Not for display: "DJOKO" and "JOKO" both become "YOKO".
 */
export function varianNama(nama: string): string {
  return normalisasiNama(nama)
    .split(' ')
    .filter(Boolean)
    .map((kata) => {
      if (MUHAMMAD.test(kata) || SINGKAT_MUHAMMAD.has(kata)) return 'MUHAMAD';
      if (kata === 'NOOR') return 'NUR';
      return kata
        .replace(/OE/g, 'U')
        .replace(/TJ/g, 'C')
        .replace(/DJ/g, 'J')
        .replace(/J/g, 'Y')
        .replace(/[CK]H/g, 'H')
        .replace(/DH/g, 'D')
        .replace(/TH/g, 'T')
        .replace(/PH/g, 'F')
        .replace(/Q/g, 'K')
        .replace(/(.)\1+/g, '$1')
        .replace(/(.)Y$/, '$1I');
    })
    .join(' ');
}

export type HasilBandingNama = 'SAMA' | 'MIRIP' | 'BEDA';

/** The same words, where one side may give only an initial ("SITI N" for "SITI NURHALIZA"). */
function cocokInisial(a: string[], b: string[]): boolean {
  if (a.length !== b.length || a.length < 2) return false;
  let utuh = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) utuh++;
    else if (!((x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y)))) return false;
  }
  return utuh > 0;
}

/**
 * A name read against a registered one: SAMA when equal once normalised (spaces aside); MIRIP when equal in
 * spelling variants, within a few edits (at most max(1, 15 % of the length)), or the same with a
 * word given as an initial; BEDA otherwise (and when either is empty).
 */
export function bandingNama(dibaca: string, terdaftar: string): HasilBandingNama {
  const a = normalisasiNama(dibaca);
  const b = normalisasiNama(terdaftar);
  if (a === '' || b === '') return 'BEDA';
  const rapat = (s: string) => s.replace(/ /g, '');
  // OCR drops and adds spaces ("NILUH" for "NI LUH"): the same letters are the same name.
  if (rapat(a) === rapat(b)) return 'SAMA';
  const va = varianNama(a);
  const vb = varianNama(b);
  if (rapat(va) === rapat(vb)) return 'MIRIP';
  const batas = Math.max(1, Math.floor(0.15 * Math.max(a.length, b.length)));
  if (jarakEdit(a, b) <= batas || jarakEdit(va, vb) <= batas) return 'MIRIP';
  if (cocokInisial(va.split(' '), vb.split(' '))) return 'MIRIP';
  return 'BEDA';
}
