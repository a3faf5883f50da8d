// TOTP second factor (RFC 6238, 30 s steps, 6 digits), accepting one step of clock drift.

import { verify } from 'otplib';

export async function verifyTotp(secret: string, token: string): Promise<boolean> {
  if (!/^\d{6}$/.test(token)) return false;
  try {
    const result = await verify({ secret, token, epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}
