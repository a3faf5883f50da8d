// App-wide providers: the Mantine theme and the toast host (spec §9). Server-state caching
// (TanStack Query) is provided by the main layout, which is the only area that needs it.

import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ToastHost } from './ToastHost';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
