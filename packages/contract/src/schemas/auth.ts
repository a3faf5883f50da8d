// Request and response shapes of the local authentication service (spec §3, §7).

import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Nama pengguna wajib diisi').max(100),
  password: z.string().min(1, 'Kata sandi wajib diisi').max(200),
  /** TOTP code; required for accounts with a second factor, ignored otherwise (spec §3). */
  token: z.string().max(20).optional().nullable(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('Masa berlaku accessToken, dalam detik'),
  tokenType: z.literal('Bearer'),
});
export type Session = z.infer<typeof sessionSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });

export const menuEntrySchema = z.object({
  page: z.string(),
  title: z.string(),
  section: z.string(),
});

export const instansiRefSchema = z.object({
  id: z.number().int(),
  kode: z.string(),
  nama: z.string(),
});

export const principalSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
  instansi: instansiRefSchema,
  authorities: z.array(z.object({ authority: z.string() })),
  isCpns: z.boolean(),
  isPppk: z.boolean(),
  isPppkGuru: z.boolean(),
  isPppkNakes: z.boolean(),
  menus: z.array(menuEntrySchema),
});
export type Principal = z.infer<typeof principalSchema>;

/** spec §7: check-token's answer is read from `mapData.data`. */
export const checkTokenResponseSchema = z.object({
  mapData: z.object({ data: principalSchema }),
});
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

/** The one error body of every API failure (ARCHITECTURE.md, STYLE.md). */
export const apiErrorSchema = z.object({
  error: z.string().describe('Kode galat yang stabil, untuk program'),
  message: z.string().describe('Pesan dalam Bahasa Indonesia, untuk pengguna'),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Error codes the SPA reacts to, not just displays. */
export const ERROR_CODES = {
  otpRequired: 'OTP_REQUIRED',
  otpInvalid: 'OTP_INVALID',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountLocked: 'ACCOUNT_LOCKED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  xsrf: 'XSRF_TOKEN_INVALID',
  validation: 'VALIDATION_ERROR',
  rateLimited: 'RATE_LIMITED',
  notFound: 'NOT_FOUND',
  internal: 'INTERNAL_ERROR',
  /** Issue #17: the database cannot be reached (503); nothing of the request was saved. */
  databaseUnavailable: 'DB_UNAVAILABLE',
  /** Issue #17: the document store is full (507) or cannot be written (503). */
  storageFull: 'STORAGE_FULL',
  storageUnavailable: 'STORAGE_UNAVAILABLE',
} as const;

/** Issue #17: what every answer says while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Basis data sedang tidak dapat dijangkau, coba lagi sebentar lagi';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ reachable: z.boolean(), latencyMs: z.number().optional() }),
});

/** Issue #17: GET /api/health/ready, whether a load balancer should send this instance traffic. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'not-ready']),
  version: z.string(),
  database: z.object({ reachable: z.boolean(), latencyMs: z.number().optional() }),
  /** Migrations found in the database (null: not readable) and known to this version. */
  migrations: z.object({ applied: z.number().int().nullable(), known: z.number().int() }),
  draining: z.boolean(),
});
