// A document as the verifier reads it (issue #4): PDF pages (pdf.js, drawn on canvases) or an
// image, with zoom, rotation and "open in a new tab". The file arrives as a Blob fetched with the
// session; pdf.js loads on first use only.

import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconRotateClockwise, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { idVerifikasi } from '../../i18n/verifikasi';

const t = idVerifikasi.viewer;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

function PdfPages({ blob, zoom, rotation, title }: { blob: Blob; zoom: number; rotation: number; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setFailed(false);
    (async () => {
      const pdfjs = await loadPdfJs();
      const task = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()) });
      destroy = () => void task.destroy();
      const pdf = await task.promise;
      if (cancelled) return;
      setPages(pdf.numPages);
      const target = container.current;
      if (!target) return;
      target.replaceChildren();
      for (let number = 1; number <= pdf.numPages; number += 1) {
        const page = await pdf.getPage(number);
        if (cancelled) return;
        const ratio = window.devicePixelRatio || 1;
        // 100 % fits the page's width to the viewer; zoom multiplies that.
        const natural = page.getViewport({ scale: 1, rotation });
        const fit = Math.max(200, target.clientWidth - 8) / natural.width;
        const viewport = page.getViewport({ scale: fit * zoom, rotation });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        canvas.style.display = 'block';
        canvas.style.margin = '0 auto 12px';
        canvas.style.boxShadow = '0 1px 4px rgba(0,0,0,.2)';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title} – ${t.halaman(number, pdf.numPages)}`);
        target.append(canvas);
        await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] })
          .promise;
      }
    })().catch((error: unknown) => {
      if (!cancelled) {
        console.error('PDF gagal ditampilkan', error);
        setFailed(true);
      }
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [blob, zoom, rotation, title]);
  return (
    <>
      {failed && <Alert color="red">{t.gagal}</Alert>}
      {pages > 1 && (
        <Text size="xs" c="dimmed" ta="center">
          {t.halaman(1, pages).replace(/^Halaman 1 dari/, `${pages} halaman ·`)}
        </Text>
      )}
      <div ref={container} data-pages={pages} />
    </>
  );
}

export interface DocumentViewerProps {
  title: string;
  blob: Blob | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  height?: number | string;
}

export function DocumentViewer({ title, blob, loading, error, onRetry, height = '70vh' }: DocumentViewerProps) {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  // A new document starts upright at 100 %.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new file only
  useEffect(() => {
    setZoom(1);
    setRotation(0);
  }, [blob]);
  const zoomBy = (step: number) =>
    setZoom((current) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(current) + step))] ?? 1);
  const isImage = blob?.type.startsWith('image/') ?? false;

  return (
    <Stack gap="xs">
      <Group gap={4} justify="flex-end">
        <Text size="xs" c="dimmed" mr="auto" aria-live="polite">
          {Math.round(zoom * 100)}%{rotation ? ` · ${rotation}°` : ''}
        </Text>
        {(
          [
            [t.perkecil, IconZoomOut, () => zoomBy(-1)],
            [t.perbesar, IconZoomIn, () => zoomBy(1)],
            [t.putar, IconRotateClockwise, () => setRotation((current) => (current + 90) % 360)],
          ] as const
        ).map(([label, Icon, onClick]) => (
          <Tooltip key={label} label={label}>
            <ActionIcon variant="default" aria-label={label} onClick={onClick} disabled={!blob}>
              <Icon size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ))}
        <Tooltip label={t.tabBaru}>
          <ActionIcon
            variant="default"
            aria-label={t.tabBaru}
            // A link without its address yet is no link (and may not carry a name): until the
            // file is there it is a disabled button (issue #19: aria-prohibited-attr).
            {...(url ? { component: 'a' as const, href: url, target: '_blank', rel: 'noopener' } : { disabled: true })}
          >
            <IconExternalLink size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <section
        style={{
          height,
          overflow: 'auto',
          background: 'var(--mantine-color-gray-1)',
          borderRadius: 4,
          padding: 12,
        }}
        data-testid="document-viewer"
        // Scrolled by keyboard too (axe: scrollable-region-focusable), named after the document.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        tabIndex={0}
        aria-label={title}
        className="document-viewer"
      >
        {error && (
          <Alert color="red" title={t.gagal}>
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              {t.ulangi}
            </Button>
          </Alert>
        )}
        {!error && (loading || !blob) && <Skeleton h="100%" role="status" aria-label={t.memuat} />}
        {!error && blob && isImage && url && (
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <img
              src={url}
              alt={title}
              style={{
                width: `${zoom * 100}%`,
                maxWidth: 'none',
                transform: `rotate(${rotation}deg)`,
                transformOrigin: 'center',
                transition: 'transform 150ms',
              }}
            />
          </div>
        )}
        {!error && blob && !isImage && <PdfPages blob={blob} zoom={zoom} rotation={rotation} title={title} />}
      </section>
    </Stack>
  );
}
