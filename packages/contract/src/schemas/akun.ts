// Request and response shapes of issue #6: key login, registration, forgot and reset password
// (spec §3/§7), the profile (second factor, access keys, recent sign-ins) and user administration.

import { z } from 'zod';
import { PASSWORD_POLICY } from '../akun.js';
import { ROLES } from '../roles.js';
import { tableRequestSchema } from './lists.js';
import { dbId, idParam, recordVersion } from './primitives.js';

const email = z.string().trim().toLowerCase().email('Alamat email tidak valid').max(200);
const newPassword = z.string().min(1, 'Kata sandi baru wajib diisi').max(PASSWORD_POLICY.maxLength);

/** spec §3 password reset payload. */
export const resetPasswordRequestSchema = z.object({
  username: z.string().trim().min(1, 'Nama pengguna wajib diisi').max(200),
  oldPassword: z.string().min(1, 'Kata sandi lama wajib diisi').max(200),
  newPassword,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** spec §3 forgot-password payload. */
export const forgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** spec §3 registration payload: email and password, plus the name and the instansi. */
export const registrationRequestSchema = z.object({
  email,
  password: newPassword,
  fullname: z.string().trim().min(3, 'Nama lengkap minimal 3 karakter').max(100),
  instansiKode: z.string().trim().min(1, 'Instansi wajib dipilih').max(20),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

export const registrationResponseSchema = z.object({ id: z.number().int(), username: z.string() });

export const instansiOptionSchema = z.object({ id: z.number().int(), kode: z.string(), nama: z.string() });
export type InstansiOption = z.infer<typeof instansiOptionSchema>;

/** Whether the registration screen is offered, and the instansi to choose from. */
export const registrationInfoSchema = z.object({
  enabled: z.boolean(),
  instansi: z.array(instansiOptionSchema),
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

// --- Profile -------------------------------------------------------------------------------

export const accessKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to recognise it; the key itself is never stored. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AccessKey = z.infer<typeof accessKeySchema>;

/**
 * Issue #30: a key is made only with the password re-entered and, when the account has a second
 * factor, its current code — so a key never stands in for the second factor.
 */
export const createAccessKeyRequestSchema = z.object({
  name: z.string().trim().min(3, 'Nama kunci minimal 3 karakter').max(60),
  days: z.number().int().min(1).max(365),
  password: z.string().min(1, 'Kata sandi wajib diisi').max(200),
  /** The current TOTP code; required when the account has a second factor. */
  token: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Kode OTP 6 angka')
    .optional(),
});
export type CreateAccessKeyRequest = z.infer<typeof createAccessKeyRequestSchema>;

export const createAccessKeyResponseSchema = z.object({ key: z.string(), accessKey: accessKeySchema });

export const signInEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  ip: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

export const profileSchema = z.object({
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
  instansi: instansiOptionSchema,
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passwordChangedAt: z.string().nullable(),
  accessKeys: z.array(accessKeySchema),
  signIns: z.array(signInEventSchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const totpSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code (data: URL). */
  qrDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Kode OTP 6 angka'),
});
export const totpEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const passwordConfirmSchema = z.object({ password: z.string().min(1, 'Kata sandi wajib diisi').max(200) });

// --- User administration ------------------------------------------------------------------

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{2,99}$/;

export const STATUS_PENGGUNA = ['AKTIF', 'NONAKTIF'] as const;
export type StatusPengguna = (typeof STATUS_PENGGUNA)[number];

export const penggunaFilterSchema = z
  .object({
    instansiId: idParam.optional(),
    status: z.enum(STATUS_PENGGUNA).optional(),
    role: z.enum(ROLES).optional(),
  })
  .strict();

export const PENGGUNA_SORT_COLUMNS = ['id', 'username', 'fullname', 'createdAt'] as const;
export const penggunaListRequestSchema = tableRequestSchema(penggunaFilterSchema, PENGGUNA_SORT_COLUMNS);

export const penggunaRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
  instansi: instansiOptionSchema,
  roles: z.array(z.string()),
  active: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
  /** The caller may edit this account (it holds no role outside what the caller grants). */
  bisaDiubah: z.boolean(),
});
export type PenggunaRow = z.infer<typeof penggunaRowSchema>;

export const penggunaListResponseSchema = z.object({
  data: z.array(penggunaRowSchema),
  recordsTotal: z.number(),
  summaries: z.array(z.unknown()),
});

const roles = z.array(z.enum(ROLES)).max(ROLES.length);

export const penggunaCreateSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(USERNAME_PATTERN, 'Nama pengguna 3–100 karakter: huruf kecil, angka, titik, @, - atau _'),
  fullname: z.string().trim().min(3, 'Nama lengkap minimal 3 karakter').max(100),
  email,
  instansiId: dbId,
  roles,
});
export type PenggunaCreate = z.infer<typeof penggunaCreateSchema>;

export const penggunaCreateResponseSchema = z.object({
  pengguna: penggunaRowSchema,
  /** Shown once to the admin and mailed to the user; valid three days, must be changed. */
  temporaryPassword: z.string(),
});

export const penggunaUpdateSchema = z.object({
  fullname: z.string().trim().min(3, 'Nama lengkap minimal 3 karakter').max(100),
  email,
  roles,
  active: z.boolean(),
  version: recordVersion,
});
export type PenggunaUpdate = z.infer<typeof penggunaUpdateSchema>;

export const penggunaOptionsSchema = z.object({
  roles: z.array(z.enum(ROLES)),
  instansi: z.array(instansiOptionSchema),
});
export type PenggunaOptions = z.infer<typeof penggunaOptionsSchema>;

/** One message of the development mailbox (no SMTP_URL, never in production). */
export const devMailSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
