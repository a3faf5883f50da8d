// The one list screen (issue #19): it takes a description (types.ts) and renders the filter bar,
// the URL-synced state (useListState), the table with its row links, paging, selection (only with
// a bulk action), the bulk actions and the export buttons. A screen says what it lists; this does
// the rest the same way everywhere.

import { Group, Paper, Stack } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../table/DataTable';
import { ExportButtons } from '../../table/ExportButtons';
import { writeListState } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { BulkActions } from './BulkActions';
import { FilterBar } from './FilterBar';
import { forgetListView, rememberListView, takeListView } from './lastView';
import type { ListDescription, ListQueryView, ListRow } from './types';
import { ingatUrutan, landingState } from './urutan';

export function ListScreen<Row extends ListRow, Summary = unknown>({
  description,
}: {
  description: ListDescription<Row, Summary>;
}) {
  const d = description;
  const location = useLocation();
  const navigate = useNavigate();
  const listState = useListState(d.spec);
  const { state, selection } = listState;
  const query = useListQuery<Row, Summary>(d.queryKey, state, d.fetch);
  const { data, recordsTotal, summaries } = query.result;

  // Back on the bare list after one of its rows was opened (a detail's "saved, back to the list"):
  // the view it was left in, not the defaults.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the screen opens
  useEffect(() => {
    const view = takeListView(location.pathname);
    if (location.search !== '') return;
    if (view) void navigate({ search: view }, { replace: true });
    else if (d.initialFilter) void navigate({ search: landingView(d).toString() }, { replace: true });
  }, []);

  // spec §4: each load resets the row selection to the loaded rows.
  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);

  const hasBulk = (d.bulk?.length ?? 0) > 0;
  const known = !query.firstLoading && query.errorMessage === null;
  const view: ListQueryView<Summary> = {
    summaries,
    recordsTotal,
    firstLoading: query.firstLoading,
    failed: query.errorMessage !== null,
  };

  return (
    <Stack gap="md">
      {typeof d.header === 'function' ? d.header(view) : d.header}
      <Paper withBorder p="md">
        <FilterBar
          filters={d.filters ?? []}
          filter={state.filter}
          searchInput={listState.searchInput}
          searchPlaceholder={d.searchPlaceholder ?? ''}
          searchLabel={d.searchLabel}
          onSearch={listState.setSearch}
          onFilter={listState.setFilter}
          onReset={() => {
            forgetListView();
            listState.reset();
          }}
          summaries={known ? (summaries as Record<string, unknown>[]) : null}
          filterActions={d.filterActions}
          actions={
            d.actions || d.exports ? (
              <Group gap="xs">
                {d.actions}
                {d.exports && (
                  <ExportButtons
                    disabled={!known || recordsTotal === 0}
                    fileName={d.exports.fileName}
                    halaman={d.exports.halaman}
                    download={(format, onProgress, signal) =>
                      (d.exports as NonNullable<typeof d.exports>).download(format, state, onProgress, signal)
                    }
                  />
                )}
              </Group>
            ) : undefined
          }
        />
      </Paper>
      {d.aboveTable?.(view)}
      <Paper withBorder p="md">
        {hasBulk && (
          <BulkActions
            actions={d.bulk ?? []}
            ids={selection.selectedRowIds}
            unavailable={d.bulkUnavailable}
            invalidate={[[...d.queryKey], ...(d.invalidates ?? []).map((key) => [...key])]}
            onDone={selection.selectNone}
          />
        )}
        <DataTable
          caption={d.caption}
          columns={d.columns}
          rows={data}
          recordsTotal={recordsTotal}
          page={state.paginator.page}
          pageSize={state.paginator.pageSize}
          sorting={state.sorting}
          firstLoading={query.firstLoading}
          loading={query.loading}
          errorMessage={query.errorMessage}
          onRetry={query.retry}
          onSort={listState.sortBy}
          onPage={listState.setPage}
          onPageSize={listState.setPageSize}
          rowLink={d.rowLink}
          onRowOpen={d.onRowOpen}
          onRowLeave={(row) => {
            rememberListView(location.pathname, location.search);
            ingatUrutan(d, state, ids, row.id);
          }}
          rowLabel={d.rowLabel}
          selection={hasBulk ? selection : undefined}
        />
      </Paper>
    </Stack>
  );
}

// What a list route's loader calls before this screen renders (issue #22). Exported from here, the
// screen's chunk, so the route table's import of it leaves the entry's chunks as they are.
export { prefetchListQuery } from '../../table/useListQuery';

function landingView(d: Pick<ListDescription<ListRow>, 'spec' | 'initialFilter'>): URLSearchParams {
  return writeListState(landingState(d), d.spec);
}
