// A stored file in the viewer, from one cache key per call path (so a prefetch fills exactly what
// the screen reads), and an applicant's documents as tabs marked with their check, above the
// current one in the viewer (DokumenPanel, the one documents panel of the detail screens), with a
// region of it outlined when a screen points at one (issue #35: where a value was read).

import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PelamarDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { idVerifikasi } from '../../i18n/verifikasi';
import { dokumenLabel } from '../pelamar/pelamar';
import { DocumentViewer, type Sorotan } from './DocumentViewer';
import { dokumenQuery } from './dokumenQuery';

/** A stored file by its call path, in the viewer. */
export function BerkasView({
  path,
  title,
  height,
  sorotan,
}: {
  path: string;
  title: string;
  height?: number | string;
  sorotan?: Sorotan | null;
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
    />
  );
}

/** One of the applicant's documents in the viewer; `path`: its call (dokumenPath, or a screen's own). */
export function DokumenView({
  detail,
  dokumenId,
  height,
  path,
  sorotan,
}: {
  detail: PelamarDetail;
  dokumenId: number;
  height?: number | string;
  path: string;
  sorotan?: Sorotan | null;
}) {
  const dokumen = detail.dokumen.find((item) => item.id === dokumenId);
  return dokumen ? (
    <BerkasView path={path} title={dokumenLabel(dokumen.jenis)} height={height} sorotan={sorotan} />
  ) : null;
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
          />
        </Stack>
      ) : (
        empty
      )}
    </Paper>
  );
}
