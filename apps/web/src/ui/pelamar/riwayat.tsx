// The applicant's audit trail as people read it: a decision's document checks folded into one
// line, codes in words, for supervisors and admins on every detail page.

import { ALASAN_TMS, formatNilai, type PelamarDetail } from '@portal/contract';
import { idAfirmasi } from '../../i18n/afirmasi';
import { idPelamar } from '../../i18n/pelamar';
import { idSanggah } from '../../i18n/sanggah';
import { idSanggahNilai } from '../../i18n/sanggah-nilai';
import { idSupervisi } from '../../i18n/supervisi';
import { idVerifikasi } from '../../i18n/verifikasi';
import { RiwayatKartu } from '../Kartu';
import { alasanLabel } from './pelamar';

const t = idVerifikasi;

type Riwayat = NonNullable<PelamarDetail['verifikasi']['riwayat']>[number];

/** The trail as read: a decision's document checks folded into one line ("7 sesuai, 1 tidak"). */
export function ringkasRiwayat(riwayat: Riwayat[]): Riwayat[] {
  const result: Riwayat[] = [];
  let checks: Riwayat[] = [];
  const flush = () => {
    const first = checks[0];
    if (!first) return;
    const sesuai = checks.filter((event) => event.ke === 'SESUAI').length;
    const reasons = checks
      .filter((event) => event.ke !== 'SESUAI')
      .map((event) => event.alasan)
      .filter(Boolean);
    result.push({
      ...first,
      dari: null,
      ke: `${sesuai} ${t.sesuai.toLowerCase()}, ${checks.length - sesuai} ${t.tidakSesuai.toLowerCase()}`,
      alasan: reasons.join('; ') || null,
    });
    checks = [];
  };
  for (const event of riwayat) {
    if (event.aksi === 'CEK_DOKUMEN' && (checks.length === 0 || checks[0]?.oleh === event.oleh)) {
      checks.push(event);
      continue;
    }
    flush();
    if (event.aksi === 'CEK_DOKUMEN') checks.push(event);
    else result.push(event);
  }
  flush();
  return result;
}

const statusSupervisi = (kode: string) => idSupervisi.status[kode] ?? kode;
/** MS, TMS, or a returned decision "TMS (DIKEMBALIKAN)". */
const statusVerifikasi = (kode: string): string => {
  const dikembalikan = /^(\w+) \((\w+)\)$/.exec(kode);
  if (dikembalikan)
    return `${statusVerifikasi(dikembalikan[1] ?? '')} (${statusSupervisi(dikembalikan[2] ?? '').toLowerCase()})`;
  return (idPelamar.statusShort as Record<string, string>)[kode] ?? kode;
};
const statusSanggah = (kode: string) => idSanggah.status[kode] ?? kode;
const statusAfirmasi = (kode: string) => idAfirmasi.status[kode] ?? kode;
const statusSanggahNilai = (kode: string) => idSanggahNilai.status[kode] ?? kode;
/** A score as a number is written, "45,5" (issue #32). */
const nilai = (kode: string) => formatNilai(kode);

/** How an event's from/to codes read, per action (codes the trail keeps; labels people read). */
const KODE_AKSI: Record<string, { dari?: (kode: string) => string; ke?: (kode: string) => string }> = {
  VERIFIKASI: { dari: statusVerifikasi, ke: statusVerifikasi },
  SUPERVISI: { dari: statusVerifikasi, ke: statusSupervisi },
  SANGGAH_DITERIMA: { dari: statusVerifikasi, ke: statusVerifikasi },
  RESET_SANGGAH: { dari: statusVerifikasi, ke: statusVerifikasi },
  JAWAB_BUTIR_SANGGAH: { dari: alasanLabel, ke: statusSanggah },
  JAWAB_SANGGAH: { dari: statusSanggah, ke: statusSanggah },
  RESET_JAWABAN_SANGGAH: { dari: statusSanggah, ke: statusSanggah },
  CEK_JAWABAN_SANGGAH: { ke: (kode) => idSanggah.cek[kode] ?? kode },
  PERIKSA_AFIRMASI: { dari: statusAfirmasi, ke: statusAfirmasi },
  AFIRMASI_DIVALIDKAN: { dari: statusAfirmasi, ke: statusAfirmasi },
  JAWAB_SANGGAH_NILAI: { dari: statusSanggahNilai, ke: statusSanggahNilai },
  PERSETUJUAN_SANGGAH_NILAI: { dari: statusSanggahNilai, ke: statusSanggahNilai },
  NILAI_AFIRMASI: { dari: nilai, ke: nilai },
  NILAI_DIUBAH: { dari: nilai, ke: nilai },
};

const KODE_ALASAN = new Set<string>(ALASAN_TMS.map((alasan) => alasan.kode));

/**
 * An event's reason as read: a decision's standard TMS reasons, which the trail keeps as codes
 * ("USIA, IPK – note"), in their words ("Usia …; IPK … – note"). Free text is left as written.
 */
export function alasanRiwayat(alasan: string | null): string | null {
  if (!alasan) return alasan;
  const [kepala = '', ...catatan] = alasan.split(' – ');
  const kode = kepala.split(', ');
  if (!kode.every((k) => KODE_ALASAN.has(k))) return alasan;
  return [kode.map(alasanLabel).join('; '), ...catatan].join(' – ');
}

/** An event's title: the action, then from → to in words. */
export function judulRiwayat(event: Pick<Riwayat, 'aksi' | 'dari' | 'ke'>): string {
  const label = KODE_AKSI[event.aksi];
  const dari = event.dari ? (label?.dari?.(event.dari) ?? event.dari) : null;
  const ke = event.ke ? (label?.ke?.(event.ke) ?? event.ke) : null;
  return `${t.aksi[event.aksi] ?? event.aksi}${ke ? `: ${dari ? `${dari} → ` : ''}${ke}` : ''}`;
}

/** The applicant's audit trail, for supervisors and admins. */
export function RiwayatPanel({ detail }: { detail: PelamarDetail }) {
  const riwayat = detail.verifikasi.riwayat && ringkasRiwayat(detail.verifikasi.riwayat);
  if (riwayat === null) return null;
  return (
    <RiwayatKartu
      title={t.riwayat}
      empty={t.riwayatKosong}
      items={riwayat.map((event) => ({ ...event, judul: judulRiwayat(event), alasan: alasanRiwayat(event.alasan) }))}
    />
  );
}
