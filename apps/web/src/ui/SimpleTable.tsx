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
}: {
  /** What the table holds, for screen readers. */
  label: string;
  head: string[];
  rows: readonly T[];
  cells: (row: T) => ReactNode[];
  rowKey: (row: T) => Key;
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder aria-label={label}>
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
