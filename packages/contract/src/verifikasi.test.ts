import { describe, expect, it } from 'vitest';
import { keputusanSupervisiSchema, keputusanVerifikasiSchema, temuanOf, usiaPada } from './schemas/verifikasi.js';

const syarat = {
  prodi: 'Ilmu Hukum',
  pendidikanNama: 'S-1 Ilmu Hukum',
  usiaMin: 18,
  usiaMax: 35,
  ipkMin: '3.00',
  tglTutup: '2024-09-20',
};
const pelamar = {
  nama: 'Siti Aisyah',
  namaIjazah: 'Siti Aisyah',
  tanggalLahirKtp: '1995-03-10',
  tanggalLahirIjazah: '1995-03-10',
  tempatLahirKtp: 'Bandung',
  tempatLahirIjazah: 'Bandung',
  prodi: 'Ilmu Hukum',
  ipk: '3.40',
  syarat,
};

describe('usiaPada', () => {
  it('counts full years and months on the day', () => {
    expect(usiaPada('1989-09-20', '2024-09-20')).toEqual({ tahun: 35, bulan: 0 });
    expect(usiaPada('1989-09-21', '2024-09-20')).toEqual({ tahun: 34, bulan: 11 });
    expect(usiaPada('1988-08-01', '2024-09-20')).toEqual({ tahun: 36, bulan: 1 });
  });
});

describe('temuanOf', () => {
  it('finds nothing when the applicant matches the formasi', () => {
    expect(temuanOf(pelamar)).toEqual({ usia: { tahun: 29, bulan: 6 }, temuan: [] });
  });

  it('finds age, name, birth, education and IPK mismatches, each with its standard reason', () => {
    const { temuan } = temuanOf({
      ...pelamar,
      tanggalLahirKtp: '1988-01-01',
      tanggalLahirIjazah: '1988-01-02',
      namaIjazah: 'Siti A.',
      prodi: 'Akuntansi',
      ipk: '2.90',
    });
    expect(temuan.map((item) => [item.kode, item.alasan])).toEqual([
      ['USIA', 'USIA'],
      ['NAMA_BERBEDA', 'NAMA_BERBEDA'],
      ['LAHIR_BERBEDA', 'DOKUMEN_TIDAK_TERBACA'],
      ['PENDIDIKAN', 'PENDIDIKAN'],
      ['IPK', 'IPK'],
    ]);
    expect(temuan[0]?.pesan).toBe('Usia 36 tahun 8 bulan pada penutupan pendaftaran, di luar batas 18–35 tahun.');
  });

  it('ignores case and diacritics in names', () => {
    expect(temuanOf({ ...pelamar, namaIjazah: 'SITI AISYAH' }).temuan).toEqual([]);
    expect(temuanOf({ ...pelamar, nama: 'Siti Aïsyah' }).temuan).toEqual([]);
  });
});

describe('decision bodies', () => {
  const base = { version: 1, cekDokumen: [{ dokumenId: 1, sesuai: true, alasan: null }] };
  it('needs a standard reason for TMS and none for MS', () => {
    expect(keputusanVerifikasiSchema.safeParse({ ...base, statusVerifikasi: 'TMS' }).success).toBe(false);
    expect(keputusanVerifikasiSchema.safeParse({ ...base, statusVerifikasi: 'TMS', alasanTms: ['USIA'] }).success).toBe(
      true,
    );
    expect(keputusanVerifikasiSchema.safeParse({ ...base, statusVerifikasi: 'MS', alasanTms: ['USIA'] }).success).toBe(
      false,
    );
    expect(keputusanVerifikasiSchema.safeParse({ ...base, statusVerifikasi: 'MS' }).success).toBe(true);
  });

  it('needs a reason for a document that is not sesuai, and a note to return', () => {
    const cek = [{ dokumenId: 1, sesuai: false, alasan: ' ' }];
    expect(
      keputusanVerifikasiSchema.safeParse({ ...base, cekDokumen: cek, statusVerifikasi: 'TMS', alasanTms: ['USIA'] })
        .success,
    ).toBe(false);
    expect(keputusanSupervisiSchema.safeParse({ version: 1, statusSupervisi: 'DIKEMBALIKAN' }).success).toBe(false);
    expect(
      keputusanSupervisiSchema.safeParse({ version: 1, statusSupervisi: 'DIKEMBALIKAN', catatan: 'Periksa ijazah' })
        .success,
    ).toBe(true);
    expect(keputusanSupervisiSchema.safeParse({ version: 1, statusSupervisi: 'DISETUJUI' }).success).toBe(true);
  });
});
