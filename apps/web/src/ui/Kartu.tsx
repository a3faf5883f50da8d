// The cards a detail page is made of: a titled card with its empty state, a list of labelled
// values, and an audit trail as a timeline. One look on every detail page.

import { Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { formatWaktu } from '@portal/contract';
import type { ReactNode } from 'react';

/**
 * A titled card; `empty` (when given) is said instead of the content. `compact`: a card inside a
 * detail page's column (a smaller heading one level down).
 */
export function Kartu({
  title,
  empty,
  compact,
  children,
}: {
  title: ReactNode;
  empty?: string | false;
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p={compact ? 'sm' : 'md'}>
      <Title order={compact ? 3 : 2} size={compact ? 'h6' : 'h5'} mb={compact ? 6 : 'sm'}>
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

/** Labelled values, as a description list (read as label–value pairs by screen readers). */
export function FieldList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" w={170} style={{ flex: 'none' }}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export interface RiwayatItem {
  judul: string;
  /** Who acted, by name; their username shows on hover (issue #32). */
  oleh: string | null;
  olehUsername?: string | null;
  at: string;
  alasan?: string | null;
}

/** An audit trail in a card: who did what, when, and why; oldest first as it was written. */
export function RiwayatKartu({ title, empty, items }: { title: string; empty: string; items: RiwayatItem[] }) {
  return (
    <Kartu title={title} empty={items.length === 0 && empty}>
      <Timeline bulletSize={14} lineWidth={2} aria-label={title}>
        {items.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the trail is append-only, its order fixed
          <Timeline.Item key={index} title={event.judul}>
            <Text size="xs" c="dimmed">
              <span title={event.olehUsername ?? undefined}>{event.oleh ?? '–'}</span> · {formatWaktu(event.at)}
            </Text>
            {event.alasan && <Text size="sm">{event.alasan}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Kartu>
  );
}
