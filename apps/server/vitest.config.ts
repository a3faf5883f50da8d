import { defineProject } from 'vitest/config';

export default defineProject({
  // A test that creates its own embedded database counts that creation (migrations included):
  // over 30 s on the gate's 2-core machine under load.
  test: { name: 'server', environment: 'node', testTimeout: 60_000, hookTimeout: 90_000 },
});
