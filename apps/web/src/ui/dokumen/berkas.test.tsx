// Issue #32: an applicant's document is shown at the size a screen needs when the server made that
// rendition (`…/tampilan`), with both sizes named and the original one click away; the choice
// holds across the applicant's documents and starts again with the next applicant, whose
// prefetch loads exactly what is shown first. Stubbed at the HTTP boundary; which file is shown
// is read from the viewer's "open in a new tab" link (it opens what is displayed).

import { MantineProvider } from '@mantine/core';
import type { PelamarDetail } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dokumenPath } from '../../api/pelamar';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DETAIL, dok, PNG, pindaian } from '../../test/bacaan';
import { jsonResponse } from '../../test/factories';
import { prefetchPelamar } from '../pelamar/pelamar';
import { DokumenPanel } from './berkas';

const t = idVerifikasi.viewer;

// A scanned KTP of 2,4 MB with a JPEG of 180 KB for the screen; an ijazah with one too; a photo
// small enough to have none.
const KTP = pindaian(11, 'KTP', 2_516_582, 184_320);
const IJAZAH = pindaian(12, 'IJAZAH', 1_572_864, 204_800);
const FOTO = dok(15, 'PAS_FOTO', 'image/png', null);
const PELAMAR: PelamarDetail = { ...DETAIL, dokumen: [KTP, IJAZAH, FOTO] };

const url = (pelamarId: number, dokumenId: number, tampilan = false) =>
  `/api${dokumenPath('cpns', 'verifikator', pelamarId, dokumenId)}${tampilan ? '/tampilan' : ''}`;

let client: QueryClient;
/** The files each object URL was made of: the viewer's link names the one displayed. */
let files: Map<string, Blob>;

/** Answers the applicants' details and their documents (a rendition as a JPEG); returns the calls. */
function stubServer(details: PelamarDetail[] = [PELAMAR]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = String(input);
      calls.push(path);
      const detail = details.find((item) => path === `/api/cpns/verifikator/${item.id}`);
      if (detail) return jsonResponse(200, detail);
      const mime = path.endsWith('/tampilan') ? 'image/jpeg' : 'image/png';
      return new Response(new Blob([PNG], { type: mime }), { headers: { 'Content-Type': mime } });
    }),
  );
  return calls;
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  files = new Map();
  const make = URL.createObjectURL.bind(URL);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const made = make(blob);
    files.set(made, blob as Blob);
    return made;
  });
});

afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The verifier's documents panel, its tabs chosen here. */
function Panel({ detail }: { detail: PelamarDetail }) {
  const [current, setCurrent] = useState(0);
  return (
    <DokumenPanel
      detail={detail}
      current={current}
      onSelect={setCurrent}
      stateOf={() => undefined}
      pathOf={(dokumenId) => dokumenPath('cpns', 'verifikator', detail.id, dokumenId)}
    />
  );
}

const ui = (detail: PelamarDetail) => (
  <MantineProvider>
    <QueryClientProvider client={client}>
      <Panel detail={detail} />
    </QueryClientProvider>
  </MantineProvider>
);

/** The type of the file displayed, once it is there (a rendition is a JPEG, an original a PNG here). */
async function shown() {
  const link = await screen.findByRole('link', { name: t.tabBaru });
  return files.get(link.getAttribute('href') ?? '')?.type;
}

const documents = (calls: string[]) => calls.filter((call) => call.includes('/dokumen/'));

describe('a document at the size a screen needs (issue #32)', () => {
  it('shows the rendition first with both sizes, and the original on one click', async () => {
    const calls = stubServer();
    render(ui(PELAMAR));
    expect(await shown()).toBe('image/jpeg');
    expect(documents(calls)).toEqual([url(1, 11, true)]);
    expect(screen.getByTestId('pilihan-tampilan').textContent).toBe(
      'Ditampilkan ringkas (180 KB) · Tampilkan asli (2,4 MB)',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan asli (2,4 MB)' }));
    await waitFor(async () => expect(await shown()).toBe('image/png'));
    expect(documents(calls)).toEqual([url(1, 11, true), url(1, 11)]);
    expect(screen.getByTestId('pilihan-tampilan').textContent).toBe(
      'Ditampilkan asli (2,4 MB) · Tampilkan ringkas (180 KB)',
    );

    // And back, from the cache: the rendition is not asked for again.
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan ringkas (180 KB)' }));
    await waitFor(async () => expect(await shown()).toBe('image/jpeg'));
    expect(documents(calls)).toHaveLength(2);
  });

  it('keeps the reader’s zoom and turn when the original takes the rendition’s place', async () => {
    stubServer();
    render(ui(PELAMAR));
    expect(await shown()).toBe('image/jpeg');
    fireEvent.click(screen.getByRole('button', { name: t.perbesar }));
    fireEvent.click(screen.getByRole('button', { name: t.putar }));
    expect(screen.getByText('125% · 90°')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan asli (2,4 MB)' }));
    await waitFor(async () => expect(await shown()).toBe('image/png'));
    expect(screen.getByText('125% · 90°')).toBeTruthy();
    // Another document starts upright at 100 %.
    fireEvent.click(screen.getByRole('tab', { name: 'Ijazah' }));
    expect(await screen.findByText('100%')).toBeTruthy();
  });

  it('asks only for the original of a document without a rendition, and offers no switch', async () => {
    const calls = stubServer();
    render(ui({ ...PELAMAR, dokumen: [FOTO] }));
    expect(await shown()).toBe('image/png');
    expect(documents(calls)).toEqual([url(1, 15)]);
    expect(screen.queryByTestId('pilihan-tampilan')).toBeNull();
    expect(screen.queryByRole('button', { name: /Tampilkan asli/ })).toBeNull();
  });

  it('keeps showing originals across the applicant’s documents, and starts again with the next', async () => {
    const calls = stubServer();
    const { rerender } = render(ui(PELAMAR));
    fireEvent.click(await screen.findByRole('button', { name: 'Tampilkan asli (2,4 MB)' }));
    await waitFor(async () => expect(await shown()).toBe('image/png'));
    fireEvent.click(screen.getByRole('tab', { name: 'Ijazah' }));
    await waitFor(() => expect(documents(calls).at(-1)).toBe(url(1, 12)));
    expect(screen.getByRole('button', { name: 'Tampilkan ringkas (200 KB)' })).toBeTruthy();
    expect(documents(calls)).not.toContain(url(1, 12, true));

    // The same panel on the next applicant (its tab stays here): the rendition again.
    rerender(ui({ ...PELAMAR, id: 2 }));
    await waitFor(() => expect(documents(calls).at(-1)).toBe(url(2, 12, true)));
    expect(screen.getByRole('button', { name: 'Tampilkan asli (1,5 MB)' })).toBeTruthy();
  });

  it('prefetches the next applicant’s first document as it is shown first', async () => {
    const calls = stubServer([PELAMAR, { ...PELAMAR, id: 2, dokumen: [FOTO, KTP] }]);
    await prefetchPelamar(client, 'cpns', 'verifikator', 1);
    await prefetchPelamar(client, 'cpns', 'verifikator', 2);
    expect(calls).toEqual(['/api/cpns/verifikator/1', url(1, 11, true), '/api/cpns/verifikator/2', url(2, 15)]);
    // The panel then shows what was loaded, without asking again.
    render(ui(PELAMAR));
    expect(await shown()).toBe('image/jpeg');
    expect(documents(calls)).toEqual([url(1, 11, true), url(2, 15)]);
  });
});
