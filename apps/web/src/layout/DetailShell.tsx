// The frame of every detail page (`…/detail?id=…`): the way back to the list, a missing or wrong
// id, a skeleton while loading, 404 or another error in words, then the page's own content.

import { Alert, Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/http';
import { idPelamar } from '../i18n/pelamar';

/** The page's `?id=`: a positive integer, or null. */
export function useDetailId(): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get('id'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function DetailShell<T>({
  back,
  onBack,
  valid,
  query,
  children,
  words = idPelamar.detail,
}: {
  /** The list the page belongs to. */
  back: string;
  /** Instead of following the link (e.g. back to the list view the user came from). */
  onBack?: () => void;
  /** The way back's label and the missing/unknown id's messages, when the page has its own. */
  words?: { back: string; missingId: string; notFound: string };
  valid: boolean;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending'>;
  children: (data: T) => ReactNode;
}) {
  const t = words;
  return (
    <Stack gap="sm">
      <div>
        <Anchor
          component={Link}
          to={back}
          size="sm"
          onClick={
            onBack &&
            ((event) => {
              event.preventDefault();
              onBack();
            })
          }
        >
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t.back}
          </Group>
        </Anchor>
      </div>
      {!valid && <Alert color="gray">{t.missingId}</Alert>}
      {valid && query.isPending && <Skeleton h={480} />}
      {query.error && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {query.error instanceof ApiError && query.error.status === 404 ? t.notFound : query.error.message}
        </Alert>
      )}
      {query.data !== undefined && children(query.data)}
    </Stack>
  );
}
