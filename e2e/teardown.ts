// After the suite, before the server is stopped: says whether the server still answers, so a run
// whose tests failed together (a server that died, a browser that could not start) says which it was
// in the last lines of its output (.ci/run prints them again when the suite fails).
import { E2E_PORT } from './playwright.config';

export default async function teardown(): Promise<void> {
  const url = `http://127.0.0.1:${E2E_PORT}/api/health`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    console.log(`[teardown] ${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  } catch (error) {
    console.log(`[teardown] ${url}: server tidak menjawab (${String(error)})`);
  }
}
