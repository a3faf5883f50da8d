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
  type TrackId,
  type TrackScreen,
  trackPath,
  USER_ADMIN_PATH,
} from '@portal/contract';
import { type LoaderFunctionArgs, matchRoutes, type RouteObject, redirect, replace } from 'react-router';
import { getAuthState, isNational } from '../auth/authStore';
import { guardLoader, guestOnlyLoader } from '../auth/guard';
import { CHANGE_PASSWORD_PATH, FORGOT_PATH, KEY_LOGIN_PATH, REGISTER_PATH } from '../auth/paths';
import type { ListDescribe } from '../ui/list/types';

const dashboardModule = () => import('../features/dashboard/DashboardPage');
const dashboardPage = () => dashboardModule().then((m) => ({ Component: m.DashboardPage }));
const dashboardLoader = prefetchingLoader(() => dashboardModule().then((m) => m.prefetchDashboard()));
const dashboardHandle: RouteHandle = { warm: dashboardModule };
const builderPage = () => import('../features/builder/BuilderPage').then((m) => ({ Component: m.BuilderPage }));
const trackRootPage = () => import('../features/tracks/TrackRootPage').then((m) => ({ Component: m.TrackRootPage }));
const trackScreenPage = () =>
  import('../features/tracks/TrackScreenPage').then((m) => ({ Component: m.TrackScreenPage }));
// The recap with the official documents of issue #20 under the final lock: composed here, so
// neither feature imports the other.
const rekapPelamarPage = () =>
  Promise.all([pelamarListPage(), import('../features/dokumen-resmi/DokumenResmiPanel')]).then(
    ([pelamar, dokumen]) => ({
      Component: function RekapPelamarRoute() {
        return <pelamar.RekapPelamarPage panels={(track) => <dokumen.DokumenResmiPanel track={track} />} />;
      },
    }),
  );

const pelamarListPage = () => import('../features/pelamar/PelamarListPage');
const rekapPelamarDetailPage = () =>
  import('../features/pelamar/PelamarDetailPage').then((m) => ({ Component: m.RekapPelamarDetailPage }));
const verifikasiPages = () => import('../features/verifikasi/VerifikasiPages');
const afirmasiPages = () => import('../features/afirmasi/AfirmasiPages');
const sanggahNilaiListPage = () => import('../features/sanggah-nilai/SanggahNilaiListPage');
const nonAsnListPage = () => import('../features/nonasn/NonAsnListPage');
const dashboardKonfirmasiPage = () => import('../features/nonasn/DashboardKonfirmasiPage');
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

/** Screens that are built; the others show their title and "being prepared". A list screen also
 * names its list (`describe`), whose first page the route's loader starts (listLoader). */
type LazyPage = RouteObject['lazy'];
type ScreenPages = { list: LazyPage; detail: LazyPage; describe?: () => Promise<ListDescribe> };
const SCREEN_PAGES: Partial<Record<TrackScreen, ScreenPages>> = {
  'rekap-pelamar': {
    list: rekapPelamarPage,
    detail: rekapPelamarDetailPage,
    describe: () => pelamarListPage().then((m) => m.rekapPelamar),
  },
  verifikasi: {
    list: () => verifikasiPages().then((m) => ({ Component: m.VerifikasiPage })),
    describe: () => verifikasiPages().then((m) => m.verifikasiQueue),
    detail: () =>
      import('../features/verifikasi/VerifikasiDetailPage').then((m) => ({ Component: m.VerifikasiDetailPage })),
  },
  'rekap-verifikasi': {
    list: () => verifikasiPages().then((m) => ({ Component: m.RekapVerifikasiPage })),
    describe: () => verifikasiPages().then((m) => m.rekapVerifikasi),
    detail: () => detailPages().then((m) => ({ Component: m.RekapVerifikasiDetailPage })),
  },
  supervisi: {
    list: () => verifikasiPages().then((m) => ({ Component: m.SupervisiPage })),
    describe: () => verifikasiPages().then((m) => m.supervisi),
    detail: () =>
      import('../features/verifikasi/SupervisiDetailPage').then((m) => ({ Component: m.SupervisiDetailPage })),
  },
  sanggah: {
    list: () => sanggahPages().then((m) => ({ Component: m.JawabSanggahPage })),
    describe: () => sanggahPages().then((m) => m.jawab),
    detail: () => sanggahDetailPages().then((m) => ({ Component: m.JawabSanggahDetailPage })),
  },
  'sanggah-afirmasi': {
    list: () => sanggahPages().then((m) => ({ Component: m.SanggahAfirmasiPage })),
    describe: () => sanggahPages().then((m) => m.afirmasi),
    detail: () => sanggahDetailPages().then((m) => ({ Component: m.SanggahAfirmasiDetailPage })),
  },
  'afirmasi-admin': {
    list: () => afirmasiPages().then((m) => ({ Component: m.AfirmasiAdminPage })),
    describe: () => afirmasiPages().then((m) => m.afirmasiAdmin),
    detail: () => import('../features/afirmasi/AfirmasiDetailPage').then((m) => ({ Component: m.AfirmasiDetailPage })),
  },
  'sanggah-nilai': {
    list: () => sanggahNilaiListPage().then((m) => ({ Component: m.SanggahNilaiListPage })),
    describe: () => sanggahNilaiListPage().then((m) => m.sanggahNilaiDescription),
    detail: () =>
      import('../features/sanggah-nilai/SanggahNilaiDetailPage').then((m) => ({ Component: m.SanggahNilaiDetailPage })),
  },
  'admin-reset-jawab-sanggah': {
    list: () => sanggahPages().then((m) => ({ Component: m.ResetJawabSanggahPage })),
    describe: () => sanggahPages().then((m) => m.reset),
    detail: () => sanggahDetailPages().then((m) => ({ Component: m.ResetJawabSanggahDetailPage })),
  },
  'rekap-supervisi': {
    list: () => verifikasiPages().then((m) => ({ Component: m.RekapSupervisiPage })),
    describe: () => verifikasiPages().then((m) => m.rekapSupervisi),
    detail: () => detailPages().then((m) => ({ Component: m.RekapSupervisiDetailPage })),
  },
  'rekap-nonasn': {
    list: () => nonAsnListPage().then((m) => ({ Component: m.NonAsnListPage })),
    describe: () => nonAsnListPage().then((m) => m.nonAsnList),
    detail: () => import('../features/nonasn/NonAsnDetailPage').then((m) => ({ Component: m.NonAsnDetailPage })),
  },
  // Issue #34: a report, not a list; no detail page of its own.
  'mutu-verifikasi': {
    list: () => import('../features/mutu/MutuVerifikasiPage').then((m) => ({ Component: m.MutuVerifikasiPage })),
    detail: trackScreenPage,
  },
  'dashboard-konfirmasi': {
    list: () => dashboardKonfirmasiPage().then((m) => ({ Component: m.DashboardKonfirmasiPage })),
    describe: () => dashboardKonfirmasiPage().then((m) => m.dashboardKonfirmasi),
    // The dashboard has no detail page of its own.
    detail: trackScreenPage,
  },
};

/** The static splash of index.html covers the first load, so nothing renders under it. */
function HydrateFallback() {
  return null;
}

/** The guard, then what the page asks for first started beside the page's code (issue #22): on a
 * slow link that round trip no longer waits for the page's first render, which finds the answer in
 * flight or there (the same query). A chunk that fails to load is the route's own error to show. */
function prefetchingLoader(start: (url: URL) => Promise<void>) {
  return (args: LoaderFunctionArgs) => {
    const refused = guardLoader(args);
    if (refused === null) start(new URL(args.request.url)).catch(() => {});
    return refused;
  };
}

/** What a route's loader takes its first call from (issue #33), loaded ahead by `warmRoutes`. */
type RouteHandle = { warm?: () => Promise<unknown> };

/** The modules a list route's loader needs: the page's description of its list, and the query. */
const listModules = (describe: () => Promise<ListDescribe>) =>
  Promise.all([describe(), import('../ui/list/ListScreen')]);

/** A list screen's first page, for the table state in the URL. */
function listLoader(track: TrackId, describe: () => Promise<ListDescribe>) {
  const national = () => isNational(getAuthState().user);
  return prefetchingLoader((url) =>
    listModules(describe).then(([list, { prefetchListQuery }]) => {
      const description = list(track, '', national());
      if (description) prefetchListQuery(description, url.searchParams);
    }),
  );
}

function trackRoutes(): RouteObject[] {
  return TRACK_IDS.flatMap((track) => [
    { path: trackPath(track), loader: guardLoader, lazy: trackRootPage },
    ...TRACK_SCREENS[track].flatMap((screen) => {
      const describe = SCREEN_PAGES[screen]?.describe;
      return [
        {
          path: trackPath(track, screen),
          loader: describe ? listLoader(track, describe) : guardLoader,
          lazy: SCREEN_PAGES[screen]?.list ?? trackScreenPage,
          handle: describe ? ({ warm: () => listModules(describe) } satisfies RouteHandle) : undefined,
        },
        {
          path: `${trackPath(track, screen)}/detail`,
          loader: guardLoader,
          lazy: SCREEN_PAGES[screen]?.detail ?? trackScreenPage,
        },
      ];
    }),
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
        { path: DASHBOARD_PATH, loader: dashboardLoader, lazy: dashboardPage, handle: dashboardHandle },
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

/**
 * A repeat visit (issue #33): the code of the routes the address names, and the modules their
 * loaders take the first call from, start loading while the stored session is being checked,
 * instead of after it (the splash is up either way). The router later asks for the same modules
 * and finds them loaded; a chunk that fails here fails there too, as the route's own error.
 */
export function warmRoutes(routes: RouteObject[], pathname: string): Promise<unknown> {
  const started = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => [
    typeof route.lazy === 'function' ? route.lazy() : undefined,
    (route.handle as RouteHandle | undefined)?.warm?.(),
  ]);
  return Promise.allSettled(started);
}
