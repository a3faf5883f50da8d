// document.title per route (issue #19): "Verifikasi – Portal Verifikasi ASN", "Verifikasi (detail) –
// …", the auth screens by their own titles; set on every navigation the router commits.

import {
  CEK_DOKUMEN_PATH,
  findPage,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  SSO_CALLBACK_PATH,
  stripDetail,
} from '@portal/contract';
import { CHANGE_PASSWORD_PATH, FORGOT_PATH, KEY_LOGIN_PATH, REGISTER_PATH } from '../auth/paths';
import { id } from '../i18n/id';

const OTHER_TITLES: Record<string, string> = {
  [LOGIN_PATH]: id.auth.title,
  [FORGOT_PATH]: id.akun.forgot.title,
  [CHANGE_PASSWORD_PATH]: id.akun.change.title,
  [KEY_LOGIN_PATH]: id.akun.keyLogin.title,
  [REGISTER_PATH]: id.akun.register.title,
  [SSO_CALLBACK_PATH]: id.sso.button,
  [CEK_DOKUMEN_PATH]: id.dokumenResmi.cek.judul,
  [NOT_FOUND_PATH]: id.errors.notFoundTitle,
};

export function pageTitle(pathname: string): string {
  const page = findPage(pathname);
  if (page) {
    const detail = stripDetail(pathname) !== pathname.replace(/\/$/, '');
    return id.app.judul(detail ? `${page.title} (${id.layout.detail.toLowerCase()})` : page.title);
  }
  const other = Object.entries(OTHER_TITLES).find(([path]) => pathname === path || pathname.startsWith(`${path}/`));
  return id.app.judul(other?.[1] ?? null);
}

/** Keeps document.title in step with the router's location. */
export function bindPageTitle(router: {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => unknown;
}): void {
  document.title = pageTitle(router.state.location.pathname);
  router.subscribe((state) => {
    document.title = pageTitle(state.location.pathname);
  });
}
