// App-wide providers: the Mantine theme (with the primary colour of the layout config, spec §3)
// and the toast host (spec §9). Server-state caching (TanStack Query) is provided by the main
// layout, which is the only area that needs it. The toast host's code (Mantine's notification,
// its icons) loads beside the first screen instead of before it (issue #22); toasts shown
// meanwhile are kept by the store (toast.ts) and drawn once it is there.

import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useLayoutConfig } from '../layout/layoutConfig';
import { contrastResolver } from './contrast';
import { theme } from './theme';

const ToastHost = lazy(() => import('../ui/ToastHost').then((module) => ({ default: module.ToastHost })));

export function Providers({ children }: { children: ReactNode }) {
  const { primaryColor } = useLayoutConfig();
  const themed = useMemo(() => ({ ...theme, primaryColor }), [primaryColor]);
  return (
    <MantineProvider theme={themed} defaultColorScheme="light" cssVariablesResolver={contrastResolver}>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
