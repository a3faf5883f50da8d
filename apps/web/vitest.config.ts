// Component and unit tests of the SPA: happy-dom, with the stubs Mantine needs (src/test/setup.ts).
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
