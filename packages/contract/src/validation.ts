// What a 400 VALIDATION_ERROR says about each field (issue #32), shared so the server words its
// message and the screens mark their fields from one shape: `details` is a list of these.
// The server's mapping of schema errors to it is apps/server/src/errors.ts.

/** One refused field: where it is (for programs) and what is wrong with it (for people). */
export interface ValidationDetail {
  /** The full path, its part first: `body.penandatangan.0.nip`, `querystring.dari`, `params.id`. */
  field: string;
  /** The path inside that part (`penandatangan.0.nip`): what a form's field is keyed by. */
  path: string;
  /** The field's own name, the last named segment (`nip`). */
  name: string;
  /** The field in words (`NIP`), for a message that names it. */
  label: string;
  message: string;
}

/** The request parts a path starts with (fastify's validation contexts). */
const PARTS = /^(body|querystring|params|headers)(\.|$)/;

/**
 * Field names in words. Only names that do not read well as they are; any other name is split at
 * its capitals ("tglDaftarDari" → "tgl daftar dari").
 */
const LABELS: Record<string, string> = {
  username: 'Nama pengguna',
  fullname: 'Nama lengkap',
  email: 'Email',
  password: 'Kata sandi',
  oldPassword: 'Kata sandi lama',
  newPassword: 'Kata sandi baru',
  instansiId: 'Instansi',
  instansiKode: 'Instansi',
  roles: 'Peran',
  role: 'Peran',
  active: 'Status akun',
  version: 'Versi data',
  id: 'Nomor identitas',
  ids: 'Nomor identitas',
  nip: 'NIP',
  nik: 'NIK',
  nama: 'Nama',
  jabatan: 'Jabatan',
  nomor: 'Nomor',
  tanggal: 'Tanggal',
  mulai: 'Waktu mulai',
  selesai: 'Waktu selesai',
  dari: 'Tanggal dari',
  sampai: 'Tanggal sampai',
  alasan: 'Alasan',
  alasanTms: 'Alasan TMS',
  cekDokumen: 'Pemeriksaan dokumen',
  statusVerifikasi: 'Status verifikasi',
  catatan: 'Catatan',
  token: 'Kode OTP',
  code: 'Kode OTP',
  searchTerm: 'Kata pencarian',
  pageSize: 'Jumlah baris per halaman',
  page: 'Halaman',
  column: 'Kolom urutan',
  direction: 'Arah urutan',
  track: 'Jalur',
  tahap: 'Tahap',
  kota: 'Kota penetapan',
  alamat: 'Alamat',
  logo: 'Logo',
  dasarHukum: 'Dasar hukum',
};

/** A field name in words (see LABELS). */
export function fieldLabel(name: string): string {
  // Own keys only: a request may name a field `constructor` or `__proto__` (issue #30's fuzz).
  if (Object.hasOwn(LABELS, name)) return LABELS[name] as string;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase()
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Isian';
}

/** The detail of one refused field, from its full path (`body.roles.3`) and message. */
export function validationDetail(field: string, message: string): ValidationDetail {
  const path = field.replace(PARTS, '');
  const segments = path.split('.').filter(Boolean);
  const name = [...segments].reverse().find((s) => !/^\d+$/.test(s)) ?? (field.match(PARTS)?.[1] || 'isian');
  return { field, path, name, label: fieldLabel(name), message };
}

/**
 * The one sentence a refusal is shown as where no form marks its fields: the first field in words
 * and what is wrong, never a path (`body.username`). A message that already names its field
 * ("Nama lengkap minimal 3 karakter") is not prefixed again.
 * "Data tidak valid: Nama pengguna wajib diisi." · "Data tidak valid — Alasan TMS: TMS memerlukan …".
 */
export function validationMessage(details: readonly ValidationDetail[]): string {
  const [first] = details;
  if (!first) return 'Data tidak valid.';
  const message = first.message.replace(/[.\s]+$/, '');
  const named = message.toLowerCase().startsWith(first.label.toLowerCase());
  // A field can fail two checks with one message: the others are counted as fields, not issues.
  const others = new Set(details.map((d) => d.field).filter((field) => field !== first.field)).size;
  const more = others > 0 ? ` (dan ${others} isian lain)` : '';
  if (named) return `Data tidak valid: ${message}${more}.`;
  // "harus …", "wajib diisi" continue the field's name; a sentence of its own is set apart from it.
  const sentence = /^\p{Lu}/u.test(message);
  return sentence
    ? `Data tidak valid — ${first.label}: ${message}${more}.`
    : `Data tidak valid: ${first.label} ${message}${more}.`;
}
