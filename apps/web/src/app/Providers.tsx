// App-wide providers: the Mantine theme (with the primary colour of the layout config, spec §3)
// and the toast host (spec §9). Server-state caching (TanStack Query) is provided by the main
// layout, which is the only area that needs it.

import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useLayoutConfig } from '../layout/layoutConfig';
import { ToastHost } from '../ui/ToastHost';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const { primaryColor } = useLayoutConfig();
  const themed = useMemo(() => ({ ...theme, primaryColor }), [primaryColor]);
  return (
    <MantineProvider theme={themed} defaultColorScheme="light">
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
