// The one table of every list screen: sortable headers (aria-sort), row selection with a
// header checkbox for the page and a count, a skeleton on first load, "Tidak ada data" when
// empty, the error with a retry, and the paginator with the spec's page sizes (§9).

import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { PAGE_SIZES, type Sorting } from '@portal/contract';
import { IconAlertTriangle, IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { id } from '../i18n/id';
import type { ListQuery } from './useListQuery';
import type { useListState } from './useListState';

export interface Column<Row> {
  key: string;
  header: string;
  /** The sort column this header sorts by, if any. */
  sortKey?: string;
  render: (row: Row) => ReactNode;
  width?: number | string;
}

export interface DataTableProps<Row extends { id: number | string }> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  recordsTotal: number;
  page: number;
  pageSize: number;
  sorting: Sorting;
  firstLoading: boolean;
  loading: boolean;
  errorMessage: string | null;
  onRetry: () => void;
  onSort: (column: string) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  onRowOpen?: (row: Row) => void;
  rowLabel: (row: Row) => string;
  selection: {
    selectedRowIds: (string | number)[];
    count: number;
    all: boolean;
    some: boolean;
    toggle: (rowId: string | number) => void;
    selectAll: () => void;
    selectNone: () => void;
  };
}

/** What a list screen's table takes from its list state and its list query (every list alike). */
export function listTableProps<Row extends { id: number | string }>(
  listState: ReturnType<typeof useListState>,
  query: ListQuery<Row, unknown>,
) {
  const { state } = listState;
  return {
    rows: query.result.data,
    recordsTotal: query.result.recordsTotal,
    page: state.paginator.page,
    pageSize: state.paginator.pageSize,
    sorting: state.sorting,
    firstLoading: query.firstLoading,
    loading: query.loading,
    errorMessage: query.errorMessage,
    onRetry: query.retry,
    onSort: listState.sortBy,
    onPage: listState.setPage,
    onPageSize: listState.setPageSize,
    selection: listState.selection,
  } satisfies Omit<DataTableProps<Row>, 'caption' | 'columns' | 'rowLabel'>;
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <IconArrowUp size={14} aria-hidden />;
  if (state === 'descending') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} opacity={0.4} aria-hidden />;
}

export function DataTable<Row extends { id: number | string }>(props: DataTableProps<Row>) {
  const { columns, rows, recordsTotal, page, pageSize, sorting, selection } = props;
  const pages = Math.max(1, Math.ceil(recordsTotal / pageSize));
  const from = recordsTotal === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(recordsTotal, page * pageSize);

  const header = (
    <Table.Tr>
      <Table.Th w={44}>
        <Checkbox
          aria-label={id.list.selectAll}
          checked={selection.all}
          indeterminate={selection.some}
          disabled={rows.length === 0}
          onChange={() => (selection.all ? selection.selectNone() : selection.selectAll())}
        />
      </Table.Th>
      {columns.map((column) => {
        const state =
          column.sortKey && sorting.column === column.sortKey
            ? sorting.direction === 'asc'
              ? 'ascending'
              : 'descending'
            : 'none';
        return (
          <Table.Th key={column.key} w={column.width} aria-sort={column.sortKey ? state : undefined}>
            {column.sortKey ? (
              <UnstyledButton
                onClick={() => props.onSort(column.sortKey as string)}
                aria-label={id.list.sortBy(column.header)}
                fw={600}
                fz="sm"
              >
                <Group gap={4} wrap="nowrap">
                  {column.header}
                  <SortIcon state={state} />
                </Group>
              </UnstyledButton>
            ) : (
              column.header
            )}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );

  let body: ReactNode;
  if (props.firstLoading) {
    body = Array.from({ length: Math.min(pageSize, 10) }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={index}>
        <Table.Td colSpan={columns.length + 1}>
          <Skeleton height={18} radius="sm" />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length + 1}>
          <Text ta="center" c="dimmed" py="xl">
            {id.list.empty}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => {
      const selected = selection.selectedRowIds.includes(row.id);
      return (
        <Table.Tr
          key={row.id}
          bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
          style={props.onRowOpen ? { cursor: 'pointer' } : undefined}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('input, button, a')) return;
            props.onRowOpen?.(row);
          }}
        >
          <Table.Td>
            <Checkbox
              aria-label={id.list.selectRow(props.rowLabel(row))}
              checked={selected}
              onChange={() => selection.toggle(row.id)}
            />
          </Table.Td>
          {columns.map((column) => (
            <Table.Td key={column.key}>{column.render(row)}</Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <Box>
      {props.errorMessage && (
        <Alert color="red" variant="light" mb="sm" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{props.errorMessage}</Text>
            <Button size="xs" variant="white" color="red" onClick={props.onRetry}>
              {id.list.retry}
            </Button>
          </Group>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={props.caption}
          aria-busy={props.loading}
          style={{ opacity: props.loading && !props.firstLoading ? 0.6 : 1 }}
        >
          <Table.Thead>{header}</Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {id.list.range(from, to, recordsTotal)}
          </Text>
          {selection.count > 0 && (
            <Text size="sm" fw={500}>
              {id.list.selected(selection.count)}
            </Text>
          )}
        </Group>
        <Group gap="sm">
          <Select
            aria-label={id.list.pageSize}
            w={84}
            size="xs"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={(value) => value && props.onPageSize(Number(value))}
          />
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={props.onPage}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${id.list.pagination} ${control}` })}
            getItemProps={(item) => ({ 'aria-label': `${id.list.pagination} ${item}` })}
          />
        </Group>
      </Group>
    </Box>
  );
}
