// App-wide providers: the Mantine theme and the toast host (spec §9). Server-state caching
// (TanStack Query) is provided by the main layout, which is the only area that needs it.

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST } from '@portal/contract';
import type { ReactNode } from 'react';
import { theme } from './theme';

/** spec §9: "unlimited open" — Mantine needs a number. */
const UNLIMITED_TOASTS = 1000;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications
        position={TOAST.position}
        autoClose={TOAST.timeoutMs}
        limit={UNLIMITED_TOASTS}
        transitionDuration={TOAST.easeMs}
        withAutoCloseProgress={TOAST.progressBar}
        pauseResetOnHover="notification"
      />
      {children}
    </MantineProvider>
  );
}
