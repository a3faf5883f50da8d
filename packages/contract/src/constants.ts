// Application constants of spec §9 (and the timings of spec §2/§4), defined once.

/** Stamped by the web and server builds from the APP_VERSION environment variable, if set. */
declare const __APP_VERSION__: string | undefined;

/** The version of spec §9; a build stamps another with APP_VERSION=YYYYMMDD-NNNN. */
export const DEFAULT_APP_VERSION = '20240820-0001';
export const APP_VERSION_PATTERN = /^\d{8}-\d{4}$/;

/** App version: shown in the splash and footer, and the prefix of every localStorage key. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : DEFAULT_APP_VERSION;

/** The version a build stamps: APP_VERSION from the environment, checked, or the default. */
export function buildVersion(env: Record<string, string | undefined>): string {
  const version = env.APP_VERSION ?? DEFAULT_APP_VERSION;
  if (!APP_VERSION_PATTERN.test(version)) {
    throw new Error(`APP_VERSION harus berformat YYYYMMDD-NNNN, bukan "${version}"`);
  }
  return version;
}

export const PAGE_SIZES = [3, 5, 10, 15, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const DEFAULT_PAGE = 1;

export const TOAST = {
  timeoutMs: 5000,
  extendedTimeoutMs: 1000,
  easeMs: 300,
  position: 'top-right',
  newestOnTop: true,
  closeButton: false,
  progressBar: false,
  tapToDismiss: true,
} as const;

export const SPLASH = { fadeDelayMs: 100, fadeMs: 800, pageLoadedDelayMs: 500 } as const;
export const PAGE_LOADED_CLASS = 'page-loaded';

export const LAYOUT = {
  asideDropdownHoverTimeoutMs: 500,
  font: 'Poppins',
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 },
} as const;

export const UPDATE_REGISTRATION_DELAY_MS = 30000;
export const MOCK_DELAY_MS = 500;

export const OIDC_CLIENT = {
  sessionCheckIntervalMs: 5000,
  loginStateExpiryMs: 60 * 60 * 1000,
  minTokenValiditySeconds: 5,
  codeVerifierLength: 96,
  stateLength: 36,
  nonceLength: 36,
} as const;

/** localStorage keys (spec §3): the app version plus a key name. */
export const STORAGE_KEYS = {
  session: `${APP_VERSION}-session`,
  user: `${APP_VERSION}-user`,
  layoutConfig: `${APP_VERSION}-layoutConfig`,
  /** Set when the stored session came from the identity service (SSO), not the local login. */
  sso: `${APP_VERSION}-sso`,
  /** Prefix of the OIDC client's own entries (its user and its sign-in state). */
  oidcPrefix: `${APP_VERSION}-oidc.`,
  /** Issue #20: the last signers of the official documents, per track (followed by the track).
   * Not versioned: an update of the app must not make the admin retype them. */
  penandatanganPrefix: 'portal-penandatangan.',
} as const;

/** Cookie and header of the double-submit XSRF protection (spec §7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
