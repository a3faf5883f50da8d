// The route guard of the main area (spec §2/§4), run as the loader of every main-area page so it
// decides before the page renders. The server is the authority (ARCHITECTURE.md); this is comfort.

import { canOpen, DASHBOARD_PATH, LOGIN_PATH } from '@portal/contract';
import { type LoaderFunctionArgs, redirect, replace } from 'react-router';
import { idErrors } from '../i18n/errors';
import { showError } from '../ui/toast';
import { clearAuth, getAuthState } from './authStore';

export function guardLoader({ request }: LoaderFunctionArgs): Response | null {
  const { pathname } = new URL(request.url);
  const { user } = getAuthState();
  if (!user) {
    // spec §4: no current user → logged out, navigation refused.
    clearAuth();
    return redirect(LOGIN_PATH);
  }
  if (!canOpen(pathname, user.menus)) {
    showError(idErrors.forbiddenPage(pathname));
    return replace(DASHBOARD_PATH);
  }
  return null;
}

/** The login page is for signed-out users only. */
export function guestOnlyLoader(): Response | null {
  return getAuthState().user ? redirect(DASHBOARD_PATH) : null;
}
