// A document as the verifier reads it (issue #4): PDF pages (pdf.js, drawn on canvases) or an
// image, with zoom, rotation and "open in a new tab". The file arrives as a Blob fetched with the
// session; pdf.js loads on first use only. Issue #35: a region of a page (where the portal read a
// value) can be outlined over the page and scrolled into view.

import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { Kotak } from '@portal/contract';
import { IconExternalLink, IconRotateClockwise, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { idVerifikasi } from '../../i18n/verifikasi';

const t = idVerifikasi.viewer;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * A region to outline (issue #35): where on which page a value was read, as fractions of the
 * page (`kotak`), named for screen readers (`label`). A new `kali` scrolls it into view again
 * (the same finding chosen twice).
 */
export interface Sorotan {
  kotak: Kotak;
  label: string;
  kali?: number;
}

const pecahan = (value: number) => Math.min(1, Math.max(0, value));

/** The region on the page as drawn turned by `rotation` degrees clockwise (0, 90, 180, 270). */
export function putarKotak(kotak: Kotak, rotation: number): Kotak {
  const { x, y, w, h } = kotak;
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return { ...kotak, x: 1 - y - h, y: x, w: h, h: w };
    case 180:
      return { ...kotak, x: 1 - x - w, y: 1 - y - h };
    case 270:
      return { ...kotak, x: y, y: 1 - x - w, w: h, h: w };
    default:
      return kotak;
  }
}

/**
 * The outline over a page (the page's box is its positioned parent), scrolled into view when
 * shown, when `siap` changes (an image got its size) and when the same region is chosen again.
 */
function SorotanBox({ sorotan, kotak, siap }: { sorotan: Sorotan; kotak: Kotak; siap: unknown }) {
  const box = useRef<HTMLDivElement>(null);
  const x = pecahan(kotak.x);
  const y = pecahan(kotak.y);
  const w = Math.min(1 - x, pecahan(kotak.w));
  const h = Math.min(1 - y, pecahan(kotak.h));
  // Again when the region moves, the page is ready (`siap`) or the same finding is chosen anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the moments to scroll
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center', inline: 'center', behavior: 'smooth' });
  }, [x, y, w, h, siap, sorotan.kali]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={sorotan.label}
      data-testid="sorotan"
      className="dokumen-sorotan"
      style={{
        position: 'absolute',
        left: `${x * 100}%`,
        top: `${y * 100}%`,
        width: `${w * 100}%`,
        height: `${h * 100}%`,
        outline: '3px solid var(--mantine-color-red-6)',
        outlineOffset: 2,
        background: 'rgba(250, 82, 82, 0.12)',
        borderRadius: 2,
        pointerEvents: 'none',
      }}
    />
  );
}

type PdfJs = typeof import('pdfjs-dist');
/**
 * One pdf.js worker for the whole session (issue #32): a worker started per document cost every
 * viewer a fetch and a compile of pdf.js' worker script before its first page.
 */
let pdfWorker: InstanceType<PdfJs['PDFWorker']> | null = null;

async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // A document's task, destroyed when its viewer goes, leaves a worker it was given running.
  if (!pdfWorker || pdfWorker.destroyed) pdfWorker = new pdfjs.PDFWorker();
  return { pdfjs, worker: pdfWorker };
}

function PdfPages({
  blob,
  zoom,
  rotation,
  title,
  sorotan,
}: {
  blob: Blob;
  zoom: number;
  rotation: number;
  title: string;
  sorotan?: Sorotan | null;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(0);
  const [failed, setFailed] = useState(false);
  // Each page's box once drawn (the outline is put in its page's box).
  const [drawn, setDrawn] = useState<HTMLElement[]>([]);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setFailed(false);
    setDrawn([]);
    (async () => {
      const { pdfjs, worker } = await loadPdfJs();
      const task = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()), worker });
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
        // 100 % fits the page's width to the viewer; zoom multiplies that. The user's turn adds
        // to the page's own (/Rotate), which is how the page is read and its regions measured.
        const turn = (page.rotate + rotation) % 360;
        const natural = page.getViewport({ scale: 1, rotation: turn });
        const fit = Math.max(200, target.clientWidth - 8) / natural.width;
        const viewport = page.getViewport({ scale: fit * zoom, rotation: turn });
        const width = Math.floor(viewport.width);
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        canvas.style.display = 'block';
        canvas.style.boxShadow = '0 1px 4px rgba(0,0,0,.2)';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title} – ${t.halaman(number, pdf.numPages)}`);
        // The page's box: what an outline of a region of this page is positioned in.
        const box = document.createElement('div');
        box.style.position = 'relative';
        box.style.width = `${width}px`;
        box.style.margin = '0 auto 12px';
        box.dataset.halaman = String(number);
        box.append(canvas);
        target.append(box);
        setDrawn((previous) => [...previous, box]);
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
      {sorotan &&
        drawn[sorotan.kotak.halaman - 1] &&
        createPortal(
          <SorotanBox sorotan={sorotan} kotak={putarKotak(sorotan.kotak, rotation)} siap={rotation} />,
          drawn[sorotan.kotak.halaman - 1] as HTMLElement,
        )}
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
  /** Issue #35: a region to outline (where a value was read), on its page. */
  sorotan?: Sorotan | null;
  /** Issue #32: what of the document is shown (a rendition or the original), beside the zoom. */
  keterangan?: ReactNode;
  /**
   * Which document this is, when another file of it may replace the one shown (issue #32: its
   * original after its rendition); the file itself unless given.
   */
  dokumenKey?: string;
}

export function DocumentViewer({
  title,
  blob,
  loading,
  error,
  onRetry,
  height = '70vh',
  sorotan,
  keterangan,
  dokumenKey,
}: DocumentViewerProps) {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  // An image's outline is placed again once the image has its size.
  const [imageLoads, setImageLoads] = useState(0);
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  // A new document starts upright at 100 %; the same document in another size keeps the reader's
  // zoom and turn (its pages keep their proportions), so the original opens where they were.
  const dokumen = dokumenKey ?? blob;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new document only
  useEffect(() => {
    setZoom(1);
    setRotation(0);
  }, [dokumen]);
  const zoomBy = (step: number) =>
    setZoom((current) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(current) + step))] ?? 1);
  const isImage = blob?.type.startsWith('image/') ?? false;

  return (
    <Stack gap="xs">
      <Group gap={4} justify="flex-end">
        <Group gap="xs" mr="auto">
          <Text size="xs" c="dimmed" aria-live="polite">
            {Math.round(zoom * 100)}%{rotation ? ` · ${rotation}°` : ''}
          </Text>
          {keterangan}
        </Group>
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
            {/* The image and its outline turn together. */}
            <div
              style={{
                position: 'relative',
                flex: 'none',
                width: `${zoom * 100}%`,
                transform: `rotate(${rotation}deg)`,
                transformOrigin: 'center',
                transition: 'transform 150ms',
              }}
            >
              <img
                src={url}
                alt={title}
                onLoad={() => setImageLoads((count) => count + 1)}
                style={{ display: 'block', width: '100%', maxWidth: 'none' }}
              />
              {sorotan && <SorotanBox sorotan={sorotan} kotak={sorotan.kotak} siap={imageLoads} />}
            </div>
          </div>
        )}
        {!error && blob && !isImage && (
          <PdfPages blob={blob} zoom={zoom} rotation={rotation} title={title} sorotan={sorotan} />
        )}
      </section>
    </Stack>
  );
}
