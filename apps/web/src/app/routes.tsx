// The route table of spec §2. The auth area and the main layout load on demand; the track pages
// are generated from TRACK_SCREENS (one implementation parameterised by track, never copies).

import {
  BUILDER_PATH,
  CEK_DOKUMEN_PATH,
  DASHBOARD_PATH,
  IMPOR_PATH,
  JADWAL_ADMIN_PATH,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  PROFILE_PATH,
  SSO_CALLBACK_PATH,
  TRACK_IDS,
  TRACK_SCREENS,
  type TrackScreen,
  trackPath,
  USER_ADMIN_PATH,
} from '@portal/contract';
import { type RouteObject, redirect, replace } from 'react-router';
import { guardLoader, guestOnlyLoader } from '../auth/guard';
import { CHANGE_PASSWORD_PATH, FORGOT_PATH, KEY_LOGIN_PATH, REGISTER_PATH } from '../auth/paths';

const dashboardPage = () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage }));
const builderPage = () => import('../features/builder/BuilderPage').then((m) => ({ Component: m.BuilderPage }));
const trackRootPage = () => import('../features/tracks/TrackRootPage').then((m) => ({ Component: m.TrackRootPage }));
const trackScreenPage = () =>
  import('../features/tracks/TrackScreenPage').then((m) => ({ Component: m.TrackScreenPage }));
// The recap with the official documents of issue #20 under the final lock: composed here, so
// neither feature imports the other.
const rekapPelamarPage = () =>
  Promise.all([
    import('../features/pelamar/PelamarListPage'),
    import('../features/dokumen-resmi/DokumenResmiPanel'),
  ]).then(([pelamar, dokumen]) => ({
    Component: function RekapPelamarRoute() {
      return <pelamar.RekapPelamarPage panels={(track) => <dokumen.DokumenResmiPanel track={track} />} />;
    },
  }));

const rekapPelamarDetailPage = () =>
  import('../features/pelamar/PelamarDetailPage').then((m) => ({ Component: m.RekapPelamarDetailPage }));
const verifikasiPages = () => import('../features/verifikasi/VerifikasiPages');
const detailPages = () => import('../features/pelamar/PelamarDetailPage');
const sanggahPages = () => import('../features/sanggah/SanggahPages');
const sanggahDetailPages = () => import('../features/sanggah/SanggahDetailPage');
// Issue #6: the account screens.
const accountAuthPages = () => import('../auth/AccountAuthPages');
const accountAuthRoutes: RouteObject[] = (
  [
    [FORGOT_PATH, 'ForgotPasswordPage'],
    [CHANGE_PASSWORD_PATH, 'ChangePasswordPage'],
    [KEY_LOGIN_PATH, 'KeyLoginPage'],
    [REGISTER_PATH, 'RegisterPage'],
  ] as const
).map(([path, page]) => ({
  path,
  HydrateFallback,
  loader: guestOnlyLoader,
  lazy: () => accountAuthPages().then((m) => ({ Component: m[page] })),
}));
const profilePage = () => import('../features/profil/ProfilePage').then((m) => ({ Component: m.ProfilePage }));
const penggunaPage = () => import('../features/pengguna/PenggunaPage').then((m) => ({ Component: m.PenggunaPage }));
const imporPage = () => import('../features/data-seleksi/ImporPage').then((m) => ({ Component: m.ImporPage }));
const jadwalPage = () => import('../features/data-seleksi/JadwalPage').then((m) => ({ Component: m.JadwalPage }));

/** Screens that are built; the others show their title and "being prepared". */
type LazyPage = RouteObject['lazy'];
const SCREEN_PAGES: Partial<Record<TrackScreen, { list: LazyPage; detail: LazyPage }>> = {
  'rekap-pelamar': { list: rekapPelamarPage, detail: rekapPelamarDetailPage },
  verifikasi: {
    list: () => verifikasiPages().then((m) => ({ Component: m.VerifikasiPage })),
    detail: () =>
      import('../features/verifikasi/VerifikasiDetailPage').then((m) => ({ Component: m.VerifikasiDetailPage })),
  },
  'rekap-verifikasi': {
    list: () => verifikasiPages().then((m) => ({ Component: m.RekapVerifikasiPage })),
    detail: () => detailPages().then((m) => ({ Component: m.RekapVerifikasiDetailPage })),
  },
  supervisi: {
    list: () => verifikasiPages().then((m) => ({ Component: m.SupervisiPage })),
    detail: () =>
      import('../features/verifikasi/SupervisiDetailPage').then((m) => ({ Component: m.SupervisiDetailPage })),
  },
  sanggah: {
    list: () => sanggahPages().then((m) => ({ Component: m.JawabSanggahPage })),
    detail: () => sanggahDetailPages().then((m) => ({ Component: m.JawabSanggahDetailPage })),
  },
  'sanggah-afirmasi': {
    list: () => sanggahPages().then((m) => ({ Component: m.SanggahAfirmasiPage })),
    detail: () => sanggahDetailPages().then((m) => ({ Component: m.SanggahAfirmasiDetailPage })),
  },
  'afirmasi-admin': {
    list: () => import('../features/afirmasi/AfirmasiPages').then((m) => ({ Component: m.AfirmasiAdminPage })),
    detail: () => import('../features/afirmasi/AfirmasiDetailPage').then((m) => ({ Component: m.AfirmasiDetailPage })),
  },
  'sanggah-nilai': {
    list: () =>
      import('../features/sanggah-nilai/SanggahNilaiListPage').then((m) => ({ Component: m.SanggahNilaiListPage })),
    detail: () =>
      import('../features/sanggah-nilai/SanggahNilaiDetailPage').then((m) => ({ Component: m.SanggahNilaiDetailPage })),
  },
  'admin-reset-jawab-sanggah': {
    list: () => sanggahPages().then((m) => ({ Component: m.ResetJawabSanggahPage })),
    detail: () => sanggahDetailPages().then((m) => ({ Component: m.ResetJawabSanggahDetailPage })),
  },
  'rekap-supervisi': {
    list: () => verifikasiPages().then((m) => ({ Component: m.RekapSupervisiPage })),
    detail: () => detailPages().then((m) => ({ Component: m.RekapSupervisiDetailPage })),
  },
  'rekap-nonasn': {
    list: () => import('../features/nonasn/NonAsnListPage').then((m) => ({ Component: m.NonAsnListPage })),
    detail: () => import('../features/nonasn/NonAsnDetailPage').then((m) => ({ Component: m.NonAsnDetailPage })),
  },
  'dashboard-konfirmasi': {
    list: () =>
      import('../features/nonasn/DashboardKonfirmasiPage').then((m) => ({ Component: m.DashboardKonfirmasiPage })),
    // The dashboard has no detail page of its own.
    detail: trackScreenPage,
  },
};

/** The static splash of index.html covers the first load, so nothing renders under it. */
function HydrateFallback() {
  return null;
}

function trackRoutes(): RouteObject[] {
  return TRACK_IDS.flatMap((track) => [
    { path: trackPath(track), loader: guardLoader, lazy: trackRootPage },
    ...TRACK_SCREENS[track].flatMap((screen) => [
      { path: trackPath(track, screen), loader: guardLoader, lazy: SCREEN_PAGES[screen]?.list ?? trackScreenPage },
      {
        path: `${trackPath(track, screen)}/detail`,
        loader: guardLoader,
        lazy: SCREEN_PAGES[screen]?.detail ?? trackScreenPage,
      },
    ]),
  ]);
}

export function createRoutes(): RouteObject[] {
  return [
    {
      path: LOGIN_PATH,
      HydrateFallback,
      loader: guestOnlyLoader,
      lazy: () => import('../auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
    },
    ...accountAuthRoutes,
    {
      // Single sign-on (issue #6): the identity service's way back.
      path: SSO_CALLBACK_PATH,
      HydrateFallback,
      lazy: () => import('../auth/SsoCallbackPage').then((m) => ({ Component: m.SsoCallbackPage })),
    },
    // Issue #20: anyone holding an official document checks it here, signed in or not.
    ...[CEK_DOKUMEN_PATH, `${CEK_DOKUMEN_PATH}/:kode`].map((path) => ({
      path,
      HydrateFallback,
      lazy: () => import('../features/dokumen-resmi/CekDokumenPage').then((m) => ({ Component: m.CekDokumenPage })),
    })),
    {
      path: NOT_FOUND_PATH,
      HydrateFallback,
      lazy: () => import('../features/errors/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
    },
    {
      path: '',
      HydrateFallback,
      lazy: () => import('../layout/MainLayout').then((m) => ({ Component: m.MainLayout })),
      children: [
        { index: true, loader: () => redirect(DASHBOARD_PATH) },
        { path: DASHBOARD_PATH, loader: guardLoader, lazy: dashboardPage },
        { path: BUILDER_PATH, loader: guardLoader, lazy: builderPage },
        { path: PROFILE_PATH, loader: guardLoader, lazy: profilePage },
        { path: USER_ADMIN_PATH, loader: guardLoader, lazy: penggunaPage },
        { path: IMPOR_PATH, loader: guardLoader, lazy: imporPage },
        { path: JADWAL_ADMIN_PATH, loader: guardLoader, lazy: jadwalPage },
        ...trackRoutes(),
      ],
    },
    { path: '*', HydrateFallback, loader: () => replace(NOT_FOUND_PATH), element: null },
  ];
}
