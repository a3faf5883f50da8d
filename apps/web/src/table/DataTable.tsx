// The one table of every list screen: sortable headers (aria-sort), rows that are links (the
// primary cell is a real link, the whole row opens it), row selection only when the list has a bulk
// action, one state at a time (skeleton, error with retry, "Tidak ada data", rows), the paginator
// with the spec's page sizes (§9), and a card per row on a phone (table.css).

import {
  Alert,
  Anchor,
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
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { idList } from '../i18n/list';
import type { ListQuery } from './useListQuery';
import type { useListState } from './useListState';
import './table.css';

export interface Column<Row> {
  key: string;
  header: string;
  /** The sort column this header sorts by, if any. */
  sortKey?: string;
  render: (row: Row) => ReactNode;
  width?: number | string;
  /** The row's name: drawn as the row's link (or button), first on a phone card. */
  primary?: boolean;
}

export interface Selection {
  selectedRowIds: (string | number)[];
  count: number;
  all: boolean;
  some: boolean;
  toggle: (rowId: string | number) => void;
  selectAll: () => void;
  selectNone: () => void;
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
  /** A row's page: the primary cell links to it and the whole row opens it. */
  rowLink?: (row: Row) => string;
  /** Opening a row some other way (claim first, a dialog); a plain click only. */
  onRowOpen?: (row: Row) => void;
  /** Called before a row is opened in this tab (the list remembers its view). */
  onRowLeave?: (row: Row) => void;
  rowLabel: (row: Row) => string;
  /** Row selection: only lists with a bulk action have it. */
  selection?: Selection;
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
  } satisfies Omit<DataTableProps<Row>, 'caption' | 'columns' | 'rowLabel'>;
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <IconArrowUp size={14} aria-hidden />;
  if (state === 'descending') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} opacity={0.4} aria-hidden />;
}

const PAGINATION_CONTROL: Record<string, string> = idList.paginationControls;

/** A click that should open the row in this tab (not a new tab/window, not a selection of text). */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

export function DataTable<Row extends { id: number | string }>(props: DataTableProps<Row>) {
  const { columns, rows, recordsTotal, page, pageSize, sorting, selection, rowLink, onRowOpen, onRowLeave } = props;
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(recordsTotal / pageSize));
  const from = recordsTotal === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(recordsTotal, page * pageSize);
  const span = columns.length + (selection ? 1 : 0);
  const opens = Boolean(rowLink || onRowOpen);

  const open = (row: Row) => {
    onRowLeave?.(row);
    if (onRowOpen) onRowOpen(row);
    else if (rowLink) void navigate(rowLink(row));
  };

  const primaryCell = (row: Row, content: ReactNode) => {
    if (rowLink) {
      return (
        <Anchor
          component={Link}
          to={rowLink(row)}
          size="sm"
          fw={500}
          onClick={(event: MouseEvent) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            open(row);
          }}
        >
          {content}
        </Anchor>
      );
    }
    if (onRowOpen) {
      return (
        <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => open(row)}>
          {content}
        </Anchor>
      );
    }
    return content;
  };

  const header = (
    <Table.Tr>
      {selection && (
        <Table.Th w={44} className="portal-list-select">
          <Checkbox
            aria-label={idList.selectAll}
            checked={selection.all}
            indeterminate={selection.some}
            disabled={rows.length === 0}
            onChange={() => (selection.all ? selection.selectNone() : selection.selectAll())}
          />
        </Table.Th>
      )}
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
                aria-label={idList.sortBy(column.header)}
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

  // One state at a time: loading, failed, empty or the rows – never "no data" under an error.
  let body: ReactNode;
  if (props.firstLoading) {
    body = Array.from({ length: Math.min(pageSize, 10) }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={index} className="portal-list-state">
        <Table.Td colSpan={span}>
          <Skeleton height={18} radius="sm" />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (props.errorMessage) {
    body = (
      <Table.Tr className="portal-list-state">
        <Table.Td colSpan={span}>
          <Alert color="red" variant="light" my="sm" icon={<IconAlertTriangle aria-hidden />} role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{props.errorMessage}</Text>
              <Button size="xs" variant="white" color="red" onClick={props.onRetry}>
                {idList.retry}
              </Button>
            </Group>
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Tr className="portal-list-state">
        <Table.Td colSpan={span}>
          <Text ta="center" c="dimmed" py="xl">
            {idList.empty}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => {
      const selected = selection?.selectedRowIds.includes(row.id) ?? false;
      return (
        <Table.Tr
          key={row.id}
          bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
          data-opens={opens || undefined}
          onClick={(event) => {
            if (!opens || (event.target as HTMLElement).closest('input, button, a, label')) return;
            if (window.getSelection()?.toString()) return;
            if (rowLink && (event.ctrlKey || event.metaKey)) {
              window.open(rowLink(row), '_blank', 'noopener');
              return;
            }
            open(row);
          }}
        >
          {selection && (
            <Table.Td className="portal-list-select">
              <Checkbox
                aria-label={idList.selectRow(props.rowLabel(row))}
                checked={selected}
                onChange={() => selection.toggle(row.id)}
              />
            </Table.Td>
          )}
          {columns.map((column) => (
            <Table.Td
              key={column.key}
              data-label={column.header || undefined}
              data-primary={column.primary || undefined}
            >
              {column.primary ? primaryCell(row, column.render(row)) : column.render(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <Box>
      <Table
        className="portal-list-table"
        striped
        highlightOnHover
        verticalSpacing="xs"
        // 6 px a side: Supervisi's eleven columns fit 1440 px with every word whole (table.css).
        horizontalSpacing={6}
        aria-label={props.caption}
        aria-busy={props.loading}
        style={{ opacity: props.loading && !props.firstLoading ? 0.6 : 1 }}
      >
        <Table.Thead>{header}</Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {props.firstLoading ? idList.loading : idList.range(from, to, recordsTotal)}
          </Text>
          {selection && selection.count > 0 && (
            <Text size="sm" fw={500}>
              {idList.selected(selection.count)}
            </Text>
          )}
        </Group>
        <Group gap="sm">
          <Select
            aria-label={idList.pageSize}
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
            getControlProps={(control) => ({ 'aria-label': PAGINATION_CONTROL[control] ?? idList.pagination })}
            getItemProps={(item) => ({ 'aria-label': `${idList.pagination} ${item}` })}
          />
        </Group>
      </Group>
    </Box>
  );
}
