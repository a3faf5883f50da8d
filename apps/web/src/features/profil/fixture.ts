// The profile the tests of /profil are answered with (with or without the second factor).

import type { Profile } from '@portal/contract';

export const profile = (totpEnabled: boolean): Profile => ({
  username: 'verifikator.cpns',
  fullname: 'Siti Rahmawati',
  email: 'siti@example.go.id',
  instansi: { id: 10, kode: 'BKN', nama: 'Badan Kepegawaian Negara' },
  totpEnabled,
  recoveryCodesLeft: totpEnabled ? 10 : 0,
  passwordChangedAt: null,
  accessKeys: [],
  signIns: [],
});
