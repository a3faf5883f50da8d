import { describe, expect, it } from 'vitest';
import { alasanLabel } from './pelamar';
import { alasanRiwayat, judulRiwayat, ringkasRiwayat } from './riwayat';

const event = (aksi: string, ke: string | null, oleh = 'Yohana', alasan: string | null = null) => ({
  at: '2026-11-23T10:00:00',
  aksi,
  oleh,
  olehUsername: oleh.toLowerCase(),
  dari: null,
  ke,
  alasan,
});

describe('ringkasRiwayat', () => {
  it('folds one decision’s document checks into one line, keeping the reasons', () => {
    const folded = ringkasRiwayat([
      event('KLAIM', 'yohana'),
      event('CEK_DOKUMEN', 'SESUAI'),
      event('CEK_DOKUMEN', 'TIDAK_SESUAI', 'Yohana', 'Ijazah buram'),
      event('CEK_DOKUMEN', 'SESUAI'),
      event('VERIFIKASI', 'TMS'),
      event('SUPERVISI', 'DIKEMBALIKAN', 'Markus'),
      event('CEK_DOKUMEN', 'SESUAI'),
      event('VERIFIKASI', 'MS'),
    ]);
    expect(folded.map((item) => `${item.aksi}:${item.ke}:${item.alasan ?? ''}`)).toEqual([
      'KLAIM:yohana:',
      'CEK_DOKUMEN:2 sesuai, 1 tidak sesuai:Ijazah buram',
      'VERIFIKASI:TMS:',
      'SUPERVISI:DIKEMBALIKAN:',
      'CEK_DOKUMEN:1 sesuai, 0 tidak sesuai:',
      'VERIFIKASI:MS:',
    ]);
  });
});

describe('judulRiwayat', () => {
  it('reads codes as words per action, and leaves what it does not know as it is', () => {
    expect(judulRiwayat({ aksi: 'JAWAB_BUTIR_SANGGAH', dari: 'USIA', ke: 'DITERIMA' })).toBe(
      `Jawaban butir sanggah: ${alasanLabel('USIA')} → Diterima`,
    );
    expect(judulRiwayat({ aksi: 'SUPERVISI', dari: 'TMS', ke: 'DIKEMBALIKAN' })).toBe('Supervisi: TMS → Dikembalikan');
    expect(judulRiwayat({ aksi: 'VERIFIKASI', dari: 'TMS (DIKEMBALIKAN)', ke: 'MS' })).toBe(
      'Keputusan verifikasi: TMS (dikembalikan) → MS',
    );
    expect(judulRiwayat({ aksi: 'PERIKSA_AFIRMASI', dari: 'BELUM', ke: 'TIDAK_VALID' })).toBe(
      'Pemeriksaan klaim afirmasi: Belum diperiksa → Tidak valid',
    );
    // Issue #32: scores as Indonesian numbers, never "50.00".
    expect(judulRiwayat({ aksi: 'NILAI_AFIRMASI', dari: '12.50', ke: '50.00' })).toBe(
      'Nilai afirmasi berubah: 12,5 → 50',
    );
    expect(judulRiwayat({ aksi: 'NILAI_DIUBAH', dari: '310.25', ke: '320.00' })).toBe(
      'Nilai dikoreksi karena sanggah nilai: 310,25 → 320',
    );
    expect(judulRiwayat({ aksi: 'LAIN', dari: 'A', ke: 'B' })).toBe('LAIN: A → B');
  });
});

describe('alasanRiwayat', () => {
  it('reads a decision’s standard reason codes as their words, keeping the note', () => {
    expect(alasanRiwayat('USIA, IPK – Ijazah belum dilegalisasi')).toBe(
      `${alasanLabel('USIA')}; ${alasanLabel('IPK')} – Ijazah belum dilegalisasi`,
    );
    expect(alasanRiwayat('NAMA_BERBEDA')).toBe(alasanLabel('NAMA_BERBEDA'));
    expect(alasanRiwayat('NAMA_BERBEDA')).not.toMatch(/[A-Z]{2,}_[A-Z]/);
  });

  it('leaves free text and nothing as they are', () => {
    expect(alasanRiwayat('Ijazah buram, mohon unggah ulang')).toBe('Ijazah buram, mohon unggah ulang');
    expect(alasanRiwayat(null)).toBeNull();
  });
});
