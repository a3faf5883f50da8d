// Application constants of spec §9 (and the timings of spec §2/§4), defined once.

/** App version (spec §9), format YYYYMMDD-NNNN; prefixes every localStorage key. */
export const APP_VERSION = '20240820-0001';

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
} as const;

/** Cookie and header of the double-submit XSRF protection (spec §7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
