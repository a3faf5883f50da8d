// Component and unit tests of the SPA: happy-dom, with the stubs Mantine needs (src/test/setup.ts).
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // A screen that loads a part lazily (React.lazy) imports it inside the test: on the gate's
    // 2-core machine under load that import alone took over the default 5 s.
    testTimeout: 15_000,
  },
});
