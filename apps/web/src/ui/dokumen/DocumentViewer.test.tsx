// The document viewer's loading state is announced as a status with its words: a name on a plain
// element is not allowed (axe: aria-prohibited-attr, seen on the objection detail while a document
// loaded), so the placeholder carries the status role its name needs.

import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { idVerifikasi } from '../../i18n/verifikasi';
import { DocumentViewer } from './DocumentViewer';

const t = idVerifikasi.viewer;

function viewer(props: { loading: boolean; blob?: Blob }) {
  return render(
    <MantineProvider>
      <DocumentViewer title="KTP" blob={props.blob} loading={props.loading} error={false} onRetry={() => undefined} />
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
});
