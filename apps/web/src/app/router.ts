// Router assembly: the route table plus what happens when the user is signed out, and the
// page's title on every navigation.

import { LOGIN_PATH } from '@portal/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { onSignedOut } from '../auth/authStore';
import { idAuth } from '../i18n/auth';
import { showInfo } from '../ui/toast';
import { bindPageTitle } from './pageTitle';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Sends a signed-out user to the login page; an expired session also gets an info toast. */
export function bindSignOut(router: Pick<AppRouter, 'navigate'>): void {
  onSignedOut((reason, message) => {
    if (reason === 'expired') showInfo(message ?? idAuth.sessionExpired);
    void router.navigate(LOGIN_PATH, { replace: true });
  });
}

export function createAppRouter(routes: RouteObject[]): AppRouter {
  const router = createBrowserRouter(routes);
  bindSignOut(router);
  bindPageTitle(router);
  return router;
}
