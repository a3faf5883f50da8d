// Password policy of issue #6 (NIST SP 800-63B: length over composition rules, and a refusal of
// known-breached passwords): at least PASSWORD_POLICY.minLength characters, not the username or
// the email's name, not one of the most common passwords. Indonesian messages.

import { AKUN_ERROR_CODES, PASSWORD_POLICY } from '@portal/contract';
import { AppError } from '../errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** The first rule a new password breaks, as a message, or null when it is acceptable. */
export function passwordProblem(password: string, account: { username: string; email?: string }): string | null {
  if (password.length < PASSWORD_POLICY.minLength) {
    return `Kata sandi minimal ${PASSWORD_POLICY.minLength} karakter.`;
  }
  if (password.length > PASSWORD_POLICY.maxLength) {
    return `Kata sandi maksimal ${PASSWORD_POLICY.maxLength} karakter.`;
  }
  const lower = password.toLowerCase();
  const names = [account.username, account.email?.split('@')[0] ?? '']
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length >= 3);
  if (names.some((name) => lower.includes(name))) {
    return 'Kata sandi tidak boleh memuat nama pengguna atau alamat email Anda.';
  }
  if (COMMON_PASSWORDS.has(lower)) {
    return 'Kata sandi ini termasuk yang paling sering dipakai dan mudah ditebak. Pilih kata sandi lain.';
  }
  if (new Set(lower).size < 4) {
    return 'Kata sandi terlalu sederhana: gunakan lebih banyak karakter yang berbeda.';
  }
  return null;
}

/** Throws 400 PASSWORD_POLICY with the message when the password breaks a rule. */
export function assertPasswordPolicy(password: string, account: { username: string; email?: string }): void {
  const problem = passwordProblem(password, account);
  if (problem) throw new AppError(400, AKUN_ERROR_CODES.passwordPolicy, problem, { field: 'newPassword' });
}
