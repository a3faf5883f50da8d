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
import { idAkun } from '../i18n/akun';
import { idApp } from '../i18n/app';
import { idAuth } from '../i18n/auth';
import { idDokumenResmi } from '../i18n/dokumen-resmi';
import { idErrors } from '../i18n/errors';
import { idLayout } from '../i18n/layout';
import { idSso } from '../i18n/sso';

const OTHER_TITLES: Record<string, string> = {
  [LOGIN_PATH]: idAuth.title,
  [FORGOT_PATH]: idAkun.forgot.title,
  [CHANGE_PASSWORD_PATH]: idAkun.change.title,
  [KEY_LOGIN_PATH]: idAkun.keyLogin.title,
  [REGISTER_PATH]: idAkun.register.title,
  [SSO_CALLBACK_PATH]: idSso.button,
  [CEK_DOKUMEN_PATH]: idDokumenResmi.cek.judul,
  [NOT_FOUND_PATH]: idErrors.notFoundTitle,
};

export function pageTitle(pathname: string): string {
  const page = findPage(pathname);
  if (page) {
    const detail = stripDetail(pathname) !== pathname.replace(/\/$/, '');
    return idApp.judul(detail ? `${page.title} (${idLayout.detail.toLowerCase()})` : page.title);
  }
  const other = Object.entries(OTHER_TITLES).find(([path]) => pathname === path || pathname.startsWith(`${path}/`));
  return idApp.judul(other?.[1] ?? null);
}

/**
 * Keeps document.title in step with the router's location. Only a new path sets it: the router
 * also reports loading states, revalidations and same-path navigations (`?id=`, `?dok=`), which
 * would otherwise put "Verifikasi (detail)" back over the person a detail page named (issue #32,
 * SummaryCard in ui/pelamar/PelamarSummary.tsx).
 */
export function bindPageTitle(router: {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => unknown;
}): void {
  let shown = router.state.location.pathname;
  document.title = pageTitle(shown);
  router.subscribe((state) => {
    if (state.location.pathname === shown) return;
    shown = state.location.pathname;
    document.title = pageTitle(shown);
  });
}
