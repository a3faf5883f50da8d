// Keycloak hands out refresh tokens as JWTs and keycloak-js decodes them (it fails on an opaque
// one); oidc-provider's are opaque. The embedded provider therefore wraps each refresh token it
// issues in a JWT signed with its own key (the opaque value inside, as `rt`) and unwraps it on the
// token and revocation endpoints. The opaque token stays the credential: its storage, rotation
// and revocation are oidc-provider's; the wrapper only carries it.

import { compactVerify, importJWK, type JWK, SignJWT } from 'jose';

export const REFRESH_TYP = 'Refresh';

export interface RefreshWrapping {
  wrap(opaque: string, claims: { clientId: string; sub?: string; sid?: string; ttlSeconds: number }): Promise<string>;
  /** The opaque token inside a wrapper we signed; anything else is returned unchanged. */
  unwrap(token: string): Promise<string>;
}

export async function refreshTokenWrapping(issuer: string, privateJwk: JWK): Promise<RefreshWrapping> {
  const alg = 'RS256';
  const kid = String(privateJwk.kid);
  const privateKey = await importJWK(privateJwk, alg);
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const publicKey = await importJWK(publicJwk, alg);
  return {
    async wrap(opaque, { clientId, sub, sid, ttlSeconds }) {
      return new SignJWT({ typ: REFRESH_TYP, azp: clientId, rt: opaque, ...(sid ? { sid } : {}) })
        .setProtectedHeader({ alg, kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(issuer)
        .setSubject(sub ?? '')
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(privateKey);
    },
    async unwrap(token) {
      if (token.split('.').length !== 3) return token;
      try {
        const { payload, protectedHeader } = await compactVerify(token, publicKey);
        if (protectedHeader.kid !== kid) return token;
        const claims = JSON.parse(new TextDecoder().decode(payload)) as { typ?: string; iss?: string; rt?: unknown };
        return claims.typ === REFRESH_TYP && claims.iss === issuer && typeof claims.rt === 'string' ? claims.rt : token;
      } catch {
        return token;
      }
    },
  };
}
