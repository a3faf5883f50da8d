// Password hashing with Argon2id (OWASP's first choice), via a native binding.

import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 = Argon2id; the library's defaults (19 MiB, 2 passes) match OWASP's minimum.
const OPTIONS = { algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the username is unknown, so both paths cost the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('tidak-ada-akun-ini');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
