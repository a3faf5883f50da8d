// Renders the real route table in a memory router, inside the app's providers.

import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/Providers';
import { bindSignOut } from '../app/router';
import { createRoutes } from '../app/routes';

export function renderApp(initialPath: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [initialPath] });
  bindSignOut(router);
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
