// A stored file in the viewer, from one cache key per call path (so a prefetch fills exactly what
// the screen reads), and an applicant's documents as tabs marked with their check, above the
// current one in the viewer (DokumenPanel, the one documents panel of the detail screens), with a
// region of it outlined when a screen points at one (issue #35: where a value was read). Issue
// #32: an applicant's document is shown at the size a screen needs when the server made that
// rendition – a scanned page of several MB is a long wait on a slow line – with its original one
// click away; the outline's fractions hold on the rendition, whose pages keep their proportions.

import { Anchor, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PelamarDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { idVerifikasi } from '../../i18n/verifikasi';
import { dokumenLabel } from '../pelamar/pelamar';
import { DocumentViewer, type Sorotan } from './DocumentViewer';
import { dokumenQuery, pathTampil } from './dokumenQuery';

const t = idVerifikasi.viewer;
type Dokumen = PelamarDetail['dokumen'][number];

/**
 * A stored file by its call path, in the viewer. Issue #32: `keterangan` says what of a document
 * is shown; `dokumenKey` names the document when another file of it may take the place (its zoom
 * and turn are kept then).
 */
export function BerkasView({
  path,
  title,
  height,
  sorotan,
  keterangan,
  dokumenKey,
}: {
  path: string;
  title: string;
  height?: number | string;
  sorotan?: Sorotan | null;
  keterangan?: ReactNode;
  dokumenKey?: string;
}) {
  const query = useQuery(dokumenQuery(path));
  return (
    <DocumentViewer
      title={title}
      blob={query.data}
      loading={query.isPending}
      error={query.isError}
      onRetry={() => void query.refetch()}
      height={height}
      sorotan={sorotan}
      keterangan={keterangan}
      dokumenKey={dokumenKey}
    />
  );
}

/**
 * Issue #32: which of a document with a rendition is shown, with its size, and the switch to the
 * other – the original's size named before it is asked for (the verifier on a slow line decides).
 */
function PilihanTampilan({
  dokumen,
  asli,
  onAsli,
}: {
  dokumen: Dokumen;
  asli: boolean;
  onAsli: (asli: boolean) => void;
}) {
  if (!dokumen.tampilan) return null;
  const ringkas = t.ukuran(dokumen.tampilan.ukuran);
  const penuh = t.ukuran(dokumen.ukuran);
  return (
    <Text size="xs" c="dimmed" data-testid="pilihan-tampilan">
      {asli ? t.ditampilkanAsli(penuh) : t.ditampilkanRingkas(ringkas)} ·{' '}
      <Anchor component="button" type="button" size="xs" onClick={() => onAsli(!asli)}>
        {asli ? t.tampilkanRingkas(ringkas) : t.tampilkanAsli(penuh)}
      </Anchor>
    </Text>
  );
}

/**
 * One of the applicant's documents in the viewer; `path`: its call (dokumenPath, or a screen's
 * own). Its rendition for the screen is shown when there is one, the original once asked for:
 * by `asli`/`onAsli` when the screen keeps that choice across documents, else here.
 */
export function DokumenView({
  detail,
  dokumenId,
  height,
  path,
  sorotan,
  asli,
  onAsli,
}: {
  detail: PelamarDetail;
  dokumenId: number;
  height?: number | string;
  path: string;
  sorotan?: Sorotan | null;
  asli?: boolean;
  onAsli?: (asli: boolean) => void;
}) {
  const [asliSendiri, setAsliSendiri] = useState(false);
  const dokumen = detail.dokumen.find((item) => item.id === dokumenId);
  if (!dokumen) return null;
  const pilihAsli = asli ?? asliSendiri;
  return (
    <BerkasView
      // What is displayed is what "open in a new tab" opens: the rendition, or the original.
      path={pathTampil(path, dokumen, pilihAsli)}
      dokumenKey={path}
      title={dokumenLabel(dokumen.jenis)}
      height={height}
      sorotan={sorotan}
      keterangan={<PilihanTampilan dokumen={dokumen} asli={pilihAsli} onAsli={onAsli ?? setAsliSendiri} />}
    />
  );
}

/** The applicant's documents as tabs, each marked with its check (✓ sesuai, ✗ tidak sesuai). */
interface TabsProps {
  detail: PelamarDetail;
  current: number;
  onSelect: (index: number) => void;
  stateOf: (dokumenId: number) => boolean | null | undefined;
}

export function DokumenTabs({ detail, current, onSelect, stateOf }: TabsProps) {
  return (
    <Group gap={6} mb="xs" role="tablist" aria-label={idVerifikasi.dokumen}>
      {detail.dokumen.map((item, index) => {
        const state = stateOf(item.id);
        return (
          <UnstyledButton
            key={item.id}
            role="tab"
            aria-selected={index === current}
            onClick={() => onSelect(index)}
            px={8}
            py={4}
            className="dokumen-tab"
            style={{
              borderRadius: 4,
              border: `1px solid var(--mantine-color-${index === current ? 'blue-6' : 'gray-5'})`,
              background:
                state === true
                  ? 'var(--mantine-color-teal-0)'
                  : state === false
                    ? 'var(--mantine-color-red-0)'
                    : undefined,
            }}
          >
            <Text size="xs" fw={index === current ? 700 : 400}>
              {state === true ? '✓ ' : state === false ? '✗ ' : ''}
              {dokumenLabel(item.jenis)}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

/** A region to outline on one of the applicant's documents (issue #35). */
export type SorotanDokumen = Sorotan & { dokumenId: number };

/**
 * The applicant's documents: the tabs (each marked by `stateOf`) above the current one in the
 * viewer, fetched from `pathOf(dokumenId)`. `above` puts a screen's own controls over the viewer
 * (the verifier's check); `empty` is shown when there is no document; `sorotan` outlines a region
 * when its document is the one shown.
 */
export function DokumenPanel({
  pathOf,
  above,
  empty,
  sorotan,
  ...tabs
}: TabsProps & {
  pathOf: (dokumenId: number) => string;
  above?: (dokumen: PelamarDetail['dokumen'][number]) => ReactNode;
  empty?: ReactNode;
  sorotan?: SorotanDokumen | null;
}) {
  const { detail, current } = tabs;
  const dokumen = detail.dokumen[current];
  // Issue #32: once the original is asked for, the applicant's other documents open as originals
  // too (a verifier who needs the detail of one likely needs it of the next); a new applicant
  // starts again with the renditions – the one its prefetch loaded.
  const [asliUntuk, setAsliUntuk] = useState<number | null>(null);
  return (
    <Paper withBorder p="sm">
      <DokumenTabs {...tabs} />
      {dokumen ? (
        <Stack gap="xs" role="tabpanel" aria-label={dokumenLabel(dokumen.jenis)}>
          {above?.(dokumen)}
          <DokumenView
            path={pathOf(dokumen.id)}
            detail={detail}
            dokumenId={dokumen.id}
            height="68vh"
            sorotan={sorotan?.dokumenId === dokumen.id ? sorotan : null}
            asli={asliUntuk === detail.id}
            onAsli={(asli) => setAsliUntuk(asli ? detail.id : null)}
          />
        </Stack>
      ) : (
        empty
      )}
    </Paper>
  );
}
