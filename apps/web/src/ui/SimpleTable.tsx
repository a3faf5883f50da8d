// A table of a few rows that needs no paging, sorting or selection (a report's rejected rows, a
// history, the columns of a template): a caption for screen readers, a header, the rows, and a
// horizontal scroll instead of overflowing the page on a phone.

import { Table } from '@mantine/core';
import type { Key, ReactNode } from 'react';

export function SimpleTable<T>({
  label,
  head,
  rows,
  cells,
  rowKey,
  minWidth = 560,
  caption = false,
  focusable = false,
}: {
  /** What the table holds, for screen readers. */
  label: string;
  head: string[];
  rows: readonly T[];
  cells: (row: T) => ReactNode[];
  rowKey: (row: T) => Key;
  minWidth?: number;
  /** Show `label` above the table as its caption (else it is only read out). */
  caption?: boolean;
  /**
   * A wide table that scrolls sideways on a phone and holds nothing focusable: its scroll box
   * takes the focus itself, so the keyboard can scroll it (axe: scrollable-region-focusable).
   */
  focusable?: boolean;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      {...(focusable ? { type: 'native' as const, tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <Table striped withTableBorder fz="sm" aria-label={caption ? undefined : label}>
        {caption && <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{label}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {head.map((title) => (
              <Table.Th key={title}>{title}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {cells(row).map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
