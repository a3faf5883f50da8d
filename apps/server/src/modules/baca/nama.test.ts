// Issue #35: names with their titles, spelling variants and OCR's digits, brought to one form.

import { describe, expect, it } from 'vitest';
import { bandingNama, jarakEdit, normalisasiNama, varianNama } from './nama.js';

describe('normalisasiNama', () => {
  it('folds case, diacritics, punctuation and spaces', () => {
    expect(normalisasiNama('  Budi   Sétiawan ')).toBe('BUDI SETIAWAN');
    expect(normalisasiNama("Ma'ruf Amin")).toBe('MARUF AMIN');
    expect(normalisasiNama('Nur-Aini')).toBe('NUR AINI');
  });

  it('drops titles before the name and degrees after it', () => {
    expect(normalisasiNama('Hj. Siti Aminah, S.Pd.')).toBe('SITI AMINAH');
    expect(normalisasiNama('Dr. Ir. Budi Santoso, M.T.')).toBe('BUDI SANTOSO');
    expect(normalisasiNama('Prof. Dr. dr. Hendra Wijaya, Sp.PD.')).toBe('HENDRA WIJAYA');
    expect(normalisasiNama('Ns. Dewi Lestari, S.Kep., Ners')).toBe('DEWI LESTARI');
    expect(normalisasiNama('drs. H. Ahmad Fauzi, S.H., M.H.')).toBe('AHMAD FAUZI');
    expect(normalisasiNama('apt. Rina Kartika, S.Farm.')).toBe('RINA KARTIKA');
    expect(normalisasiNama('Dra. Yuli Astuti')).toBe('YULI ASTUTI');
  });

  it('drops degrees written without a comma, spaced, or with their dots lost', () => {
    expect(normalisasiNama('BUDI SANTOSO S.Kom')).toBe('BUDI SANTOSO');
    expect(normalisasiNama('Ahmad Fauzi A.Md.Kep.')).toBe('AHMAD FAUZI');
    expect(normalisasiNama('Rizky Pratama S.Tr.Kes')).toBe('RIZKY PRATAMA');
    expect(normalisasiNama('Eko Wibowo S. Pd')).toBe('EKO WIBOWO');
    expect(normalisasiNama('Eko Wibowo SPd')).toBe('EKO WIBOWO');
    expect(normalisasiNama('Dewi Putri Amd')).toBe('DEWI PUTRI');
    expect(normalisasiNama('DR.BUDI SANTOSO')).toBe('BUDI SANTOSO');
  });

  it('keeps initials and names that only look like titles', () => {
    expect(normalisasiNama('Siti N.')).toBe('SITI N');
    expect(normalisasiNama('M. Yusuf')).toBe('M YUSUF');
    expect(normalisasiNama('Nur')).toBe('NUR');
    // A lone title is all there is: keep it rather than an empty name.
    expect(normalisasiNama('Dr.')).toBe('DR');
  });

  it("puts back OCR's digits inside words", () => {
    expect(normalisasiNama('SIT1 AM1NAH')).toBe('SITI AMINAH');
    expect(normalisasiNama('B0BBY 5ANTOSO')).toBe('BOBBY SANTOSO');
  });
});

describe('varianNama', () => {
  it("brings Muhammad's spellings together", () => {
    for (const nama of ['Muhammad', 'Muhamad', 'Mohammad', 'Mohamad', 'Mochammad', 'Moch.', 'Moh.', 'Muh.', 'Mhd.']) {
      expect(varianNama(`${nama} Rizky`)).toBe(varianNama('MUHAMMAD RIZKY'));
    }
  });

  it('brings old and new spelling together', () => {
    expect(varianNama('Noer Hidajat')).toBe(varianNama('Nur Hidayat'));
    expect(varianNama('Djoko Soesanto')).toBe(varianNama('Joko Susanto'));
    expect(varianNama('Tjahjo Koerniawan')).toBe(varianNama('Cahyo Kurniawan'));
    expect(varianNama('Jusuf')).toBe(varianNama('Yusuf'));
    expect(varianNama('Achmad')).toBe(varianNama('Ahmad'));
    expect(varianNama('Akhmad')).toBe(varianNama('Ahmad'));
    expect(varianNama('Sity')).toBe(varianNama('Siti'));
    expect(varianNama('Sitti')).toBe(varianNama('Siti'));
    expect(varianNama('Annisa Ramadhan')).toBe(varianNama('Anisa Ramadan'));
    expect(varianNama('Andy')).toBe(varianNama('Andi'));
  });

  it('keeps different names apart', () => {
    expect(varianNama('Budi')).not.toBe(varianNama('Bayu'));
    expect(varianNama('Dewi Lestari')).not.toBe(varianNama('Dewi Kartika'));
  });
});

describe('bandingNama', () => {
  it('SAMA once titles, case and punctuation are set aside', () => {
    expect(bandingNama('Hj. Siti Aminah, S.Pd.', 'SITI AMINAH')).toBe('SAMA');
    expect(bandingNama('BUDI SANTOSO, S.Kom.', 'Budi Santoso')).toBe('SAMA');
    expect(bandingNama('dr. Hendra Wijaya', 'Hendra Wijaya')).toBe('SAMA');
    // OCR's lost or added spaces.
    expect(bandingNama('NILUH EFFENDI', 'Ni Luh Effendi')).toBe('SAMA');
    expect(bandingNama('NUR HALIZA', 'Nurhaliza')).toBe('SAMA');
  });

  it('MIRIP for spelling variants', () => {
    expect(bandingNama('MUHAMAD RIZKY PRATAMA', 'Muhammad Rizky Pratama')).toBe('MIRIP');
    expect(bandingNama('Moh. Rizky Pratama', 'Muhammad Rizky Pratama')).toBe('MIRIP');
    expect(bandingNama('NOER HIDAYAT', 'Nur Hidayat')).toBe('MIRIP');
    expect(bandingNama('DJOKO SANTOSO', 'Joko Santoso')).toBe('MIRIP');
    expect(bandingNama('SITY RAHMAWATI', 'Siti Rahmawati')).toBe('MIRIP');
  });

  it('MIRIP for an edit or two on a long name (OCR or a clerk)', () => {
    expect(bandingNama('BUDI SANTOSA', 'Budi Santoso')).toBe('MIRIP');
    expect(bandingNama('SELAMET WIBOWO', 'Slamet Wibowo')).toBe('MIRIP');
    expect(bandingNama('KARTIKA PURNAMASRI', 'Kartika Purnamasari')).toBe('MIRIP');
    expect(bandingNama('FITRI HANDAYANl', 'Fitri Handayani')).toBe('MIRIP');
  });

  it('MIRIP for a family name shortened to its initial', () => {
    expect(bandingNama('SITI N.', 'Siti Nurhaliza')).toBe('MIRIP');
    expect(bandingNama('M. Yusuf', 'Muhammad Yusuf')).toBe('MIRIP');
  });

  it('BEDA for another person, a missing word, or nothing read', () => {
    expect(bandingNama('BUDI SANTOSO', 'Agus Setiawan')).toBe('BEDA');
    expect(bandingNama('DEWI LESTARI', 'Dewi Kartika')).toBe('BEDA');
    expect(bandingNama('RIZKY PRATAMA', 'Muhammad Rizky Pratama')).toBe('BEDA');
    expect(bandingNama('', 'Budi')).toBe('BEDA');
    expect(bandingNama('S.Pd.', 'Budi')).toBe('BEDA');
  });
});

describe('jarakEdit', () => {
  it('counts inserts, deletes and replacements', () => {
    expect(jarakEdit('', '')).toBe(0);
    expect(jarakEdit('ABC', '')).toBe(3);
    expect(jarakEdit('KITTEN', 'SITTING')).toBe(3);
    expect(jarakEdit('SANTOSO', 'SANTOSA')).toBe(1);
  });
});
