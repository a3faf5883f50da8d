import { describe, expect, it } from 'vitest';
import { ringkasRiwayat } from './shared';

const event = (aksi: string, ke: string | null, oleh = 'Yohana', alasan: string | null = null) => ({
  at: '2026-11-23T10:00:00',
  aksi,
  oleh,
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
