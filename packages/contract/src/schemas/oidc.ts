// Single sign-on (issue #6): what the SPA needs to start an OIDC code + PKCE sign-in against the
// identity service (the embedded provider or the agency's Keycloak realm).

import { z } from 'zod';

export const ssoConfigSchema = z.object({
  /** Issuer URL, e.g. https://portal.example/realms/public (Keycloak's layout). */
  issuer: z.string(),
  clientId: z.string(),
  scope: z.string(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** Where the identity service sends the browser back after sign-in. */
export const SSO_CALLBACK_PATH = '/auth/callback';
