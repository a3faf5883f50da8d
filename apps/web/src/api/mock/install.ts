// Turns mock mode on: every call of the one HTTP client is answered by the in-memory API after
// the spec §9 delay, and nothing reaches the network. Only reached through the dynamic import in
// app/main.tsx, which a production build drops (MODE is never 'mock' there).

import { setTransport } from '../http';
import { handle, MOCK_MARKER, mockConfig } from './api';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function installMock(): void {
  setTransport(async (url, init) => {
    const request = new Request(new URL(url, window.location.origin), init);
    await wait(mockConfig.delayMs);
    return handle(request);
  });
  console.info(`[${MOCK_MARKER}] Mode tiruan aktif: semua panggilan API dijawab di peramban.`);
}
