// Bootstrap (spec §4): the layout initialisation, then a stored session is validated (the splash
// stays up), then the router is created and rendered; the splash leaves when the first navigation
// has ended (spec §2).

import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initAuth } from '../auth/authStore';
import { readStoredSession } from '../auth/sessionStorage';
import { initLayoutConfig } from '../layout/layoutConfig';
import { Providers } from './Providers';
import { createAppRouter } from './router';
import { createRoutes, warmRoutes } from './routes';
import { dismissSplash, firstNavigationEnded } from './splash';
import { registerUpdates } from './update';

async function start(): Promise<void> {
  // Mock mode (`npm run dev:mock`): a production build has MODE 'production', so the bundler
  // drops this branch and the whole in-memory API with it (checked by e2e/tests/bundle.spec.ts).
  if (import.meta.env.MODE === 'mock') {
    const { installMock } = await import('../api/mock/install');
    installMock();
  }
  initLayoutConfig();
  // A stored session: the page it opens on loads while the session is checked (issue #33).
  const routes = createRoutes();
  if (readStoredSession()) void warmRoutes(routes, window.location.pathname);
  await initAuth();
  const router = createAppRouter(routes);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  const stable = firstNavigationEnded(router);
  registerUpdates(stable);
  await stable;
  // Let React commit the first route before the splash starts to fade.
  requestAnimationFrame(() => dismissSplash());
}

void start();
