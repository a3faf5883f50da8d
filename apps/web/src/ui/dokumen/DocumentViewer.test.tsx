// The document viewer's loading state is announced as a status with its words: a name on a plain
// element is not allowed (axe: aria-prohibited-attr, seen on the objection detail while a document
// loaded), so the placeholder carries the status role its name needs.

import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DocumentViewer, putarKotak, type Sorotan } from './DocumentViewer';

const t = idVerifikasi.viewer;

function viewer(props: { loading: boolean; blob?: Blob; sorotan?: Sorotan }) {
  return render(
    <MantineProvider>
      <DocumentViewer
        title="KTP"
        blob={props.blob}
        loading={props.loading}
        error={false}
        onRetry={() => undefined}
        sorotan={props.sorotan}
      />
    </MantineProvider>,
  );
}

describe('DocumentViewer', () => {
  // The viewer loads pdf.js lazily when a PDF arrives; pdf.js warns on import under Node. Loaded
  // here, its warning is printed while the file runs, not after the worker closed (vitest counts
  // a log pending at teardown as an unhandled error and fails the run).
  beforeAll(async () => {
    await import('pdfjs-dist');
  });

  it('announces a document that is still loading as a status named with the loading text', () => {
    viewer({ loading: true });
    const status = screen.getByRole('status', { name: t.memuat });
    expect(status.getAttribute('aria-label')).toBe(t.memuat);
    expect(screen.getByRole('region', { name: 'KTP' }).contains(status)).toBe(true);
  });

  it('drops the status once the document is there', () => {
    viewer({ loading: false, blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) });
    expect(screen.queryByRole('status', { name: t.memuat })).toBeNull();
  });

  // Issue #35: where a value was read, outlined over the page.
  it('outlines a region of an image at its fractions, turning with the image', () => {
    viewer({
      loading: false,
      blob: new Blob(['png'], { type: 'image/png' }),
      sorotan: { kotak: { halaman: 1, x: 0.1, y: 0.6, w: 0.3, h: 0.05 }, label: 'Wilayah terbaca: NIK' },
    });
    const region = screen.getByRole('img', { name: 'Wilayah terbaca: NIK' });
    expect([region.style.left, region.style.top, region.style.width, region.style.height]).toEqual([
      '10%',
      '60%',
      '30%',
      '5%',
    ]);
    const page = region.parentElement as HTMLElement;
    expect(page.querySelector('img')?.getAttribute('alt')).toBe('KTP');
    fireEvent.click(screen.getByRole('button', { name: t.putar }));
    expect(page.style.transform).toBe('rotate(90deg)');
  });

  it('keeps an outline inside the page', () => {
    viewer({
      loading: false,
      blob: new Blob(['png'], { type: 'image/png' }),
      sorotan: { kotak: { halaman: 1, x: 0.8, y: -0.1, w: 0.5, h: 0.3 }, label: 'Wilayah terbaca: Nama' },
    });
    const region = screen.getByRole('img', { name: 'Wilayah terbaca: Nama' });
    expect(region.style.left).toBe('80%');
    expect(region.style.top).toBe('0%');
    expect(Number.parseFloat(region.style.width)).toBeCloseTo(20);
  });

  it('turns a region with a page drawn turned', () => {
    const kotak = { halaman: 2, x: 0.1, y: 0.2, w: 0.3, h: 0.1 };
    expect(putarKotak(kotak, 0)).toEqual(kotak);
    const at = (value: ReturnType<typeof putarKotak>) => [value.x, value.y, value.w, value.h].map((n) => +n.toFixed(3));
    expect(at(putarKotak(kotak, 90))).toEqual([0.7, 0.1, 0.1, 0.3]);
    expect(at(putarKotak(kotak, 180))).toEqual([0.6, 0.7, 0.3, 0.1]);
    expect(at(putarKotak(kotak, 270))).toEqual([0.2, 0.6, 0.1, 0.3]);
    expect(putarKotak(kotak, 90).halaman).toBe(2);
  });
});
