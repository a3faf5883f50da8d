// What a Keycloak realm tells its clients about a user (issue #21), in one place for the ID token,
// the access token, userinfo and the account endpoint: the default client scopes every Keycloak
// client gets (profile, email, roles), the claims each scope carries, and the account profile.

/** Keycloak's default client scopes that are OIDC scopes: granted even when not requested. */
export const DEFAULT_CLIENT_SCOPES = ['profile', 'email'] as const;

/** Scopes a client may ask for on top (Keycloak's optional client scopes we support). */
export const OPTIONAL_CLIENT_SCOPES = ['offline_access'] as const;

/** The claims each scope releases (oidc-provider's `claims` configuration). */
export const SCOPE_CLAIMS = {
  openid: ['sub', 'amr'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  email: ['email', 'email_verified'],
} as const;

export interface ClaimsUser {
  id: number;
  username: string;
  fullname: string;
  email: string;
  authorities: string[];
}

/**
 * Keycloak keeps firstName and lastName; the portal one full name. The last word is the family
 * name, the rest the given name; a single name (common in Indonesia) is a given name only.
 */
export function splitName(fullname: string): { givenName: string; familyName?: string } {
  const words = fullname.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { givenName: words[0] ?? '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1) };
}

/** The profile and email claims the given scopes release, as Keycloak's mappers write them. */
export function claimsForScopes(user: ClaimsUser, scopes: Iterable<string>): Record<string, unknown> {
  const granted = new Set(scopes);
  const { givenName, familyName } = splitName(user.fullname);
  return {
    ...(granted.has('profile')
      ? {
          name: user.fullname,
          given_name: givenName,
          ...(familyName ? { family_name: familyName } : {}),
          preferred_username: user.username,
        }
      : {}),
    ...(granted.has('email') && user.email ? { email: user.email, email_verified: true } : {}),
  };
}

/** The realm roles, where Keycloak's "roles" client scope puts them in the access token. */
export const realmAccess = (user: ClaimsUser) => ({ realm_access: { roles: [...user.authorities] } });

/** The token's scopes with the client's default scopes (Keycloak grants them unasked). */
export function withDefaultScopes(scope: string | undefined): string {
  const scopes = new Set((scope ?? '').split(' ').filter(Boolean));
  for (const s of DEFAULT_CLIENT_SCOPES) scopes.add(s);
  return [...scopes].join(' ');
}

/** GET /realms/{realm}/account in Keycloak's shape (its account REST API, the UserRepresentation). */
export function accountProfile(user: ClaimsUser) {
  const { givenName, familyName } = splitName(user.fullname);
  return {
    id: String(user.id),
    username: user.username,
    firstName: givenName,
    ...(familyName ? { lastName: familyName } : {}),
    email: user.email,
    emailVerified: Boolean(user.email),
    attributes: {},
  };
}
