// What a list screen is, as data (issue #19, STYLE.md "Screens are descriptions"): its call, its
// columns with their formatters, its filters, its default sort (in `spec`), where a row leads, its
// bulk actions with their confirmations and its exports. `ListScreen` renders the rest.

import type { EksporJob, ExportFormat, ListResponse, TableState, TrackId } from '@portal/contract';
import type { ReactNode } from 'react';
import type { Column } from '../../table/DataTable';
import type { ListFilter, ListSpec } from '../../table/listState';

export type ListRow = { id: number | string };
export type ListState = TableState<ListFilter>;

/** One option of a status-chip or select filter. */
export interface FilterOption {
  value: string;
  label: string;
  color?: string;
}

export type FilterDescription =
  | {
      /** Status chips ("Semua (n)", one per status with its count from the summaries). */
      kind: 'status';
      key: string;
      /** Accessible name of the chip group. */
      label: string;
      options: readonly FilterOption[];
      /** The summary field holding the status (`status`, `statusVerifikasi`…); counts are `jumlah`. */
      summaryKey: string;
    }
  | {
      kind: 'select';
      key: string;
      label: string;
      placeholder: string;
      options: readonly FilterOption[];
      searchable?: boolean;
      width?: number;
    }
  | {
      /** The national roles' instansi picker, from the list's own `…/instansi` call. */
      kind: 'instansi';
      key: string;
      path: string;
    }
  | {
      /** A from/to pair of Indonesian date fields (ISO `YYYY-MM-DD` in the URL and the call). */
      kind: 'dateRange';
      from: string;
      to: string;
      labelFrom: string;
      labelTo: string;
    };

/** A column and how it shows on a phone card. */
export interface ColumnDescription<Row> extends Column<Row> {
  /** The row's name: drawn as the row's link, first on a phone card. */
  primary?: boolean;
}

export interface BulkResult {
  id: number | string;
  ok: boolean;
  message?: string;
}

export type BulkValues = Record<string, string | boolean>;

/** An action on the selected rows, always confirmed in a dialog before it runs. */
export interface BulkActionDescription {
  key: string;
  /** The button, with the number selected ("Setujui 3 terpilih"). */
  label: (count: number) => string;
  color?: string;
  variant?: 'filled' | 'light';
  icon?: ReactNode;
  /** The dialog's title and text. */
  title: string;
  message: (count: number) => string;
  confirmLabel: string;
  /** Fields the dialog asks (a reason, a statement); their values go to `run`. */
  initialValues?: BulkValues;
  fields?: (props: { values: BulkValues; onChange: (next: BulkValues) => void }) => ReactNode;
  /** What keeps the action from being sent, or null. */
  validate?: (values: BulkValues) => string | null;
  /** Disables the confirm button until true (e.g. a reason long enough). */
  ready?: (values: BulkValues) => boolean;
  run: (ids: (number | string)[], values: BulkValues) => Promise<BulkResult[]>;
  /** The toast after a run: how many succeeded and failed. */
  resultMessage: (ok: number, failed: number) => string;
}

export interface ExportDescription {
  fileName: (format: ExportFormat) => string;
  /** The file, or the job the server makes a large one in (issue #33). */
  download: (
    format: ExportFormat,
    state: ListState,
    onProgress: (bytes: number) => void,
    signal: AbortSignal,
  ) => Promise<Blob | EksporJob>;
  /** The screen's path, under which the server keeps the user's export job (found again after a reload). */
  halaman: string;
}

export interface ListQueryView<Summary> {
  summaries: Summary[];
  recordsTotal: number;
  firstLoading: boolean;
  failed: boolean;
}

export interface ListDescription<Row extends ListRow, Summary = unknown> {
  /** The query key's prefix; mutations invalidate it. */
  queryKey: readonly unknown[];
  /** Filter keys, sortable columns and default sort (what the URL may hold). */
  spec: ListSpec;
  /**
   * The view the list lands on when opened bare (its menu link): what its user works through first,
   * e.g. the objections still waiting (issue #32). "Semua" stays one click away.
   */
  initialFilter?: ListFilter;
  fetch: (state: ListState, signal: AbortSignal) => Promise<ListResponse<Row>>;
  /** The table's accessible name. */
  caption: string;
  columns: ColumnDescription<Row>[];
  filters?: FilterDescription[];
  /** The search box's placeholder and label ("Cari" unless said). */
  searchPlaceholder?: string;
  searchLabel?: string;
  /** A row's detail page: the primary cell is a link to it, the whole row opens it. */
  rowLink?: (row: Row) => string;
  /** Instead of plain navigation (e.g. claim first, or open a dialog). Ctrl/middle click still open the link. */
  onRowOpen?: (row: Row) => void;
  /** How a row is named to a screen reader (checkbox labels, the row button). */
  rowLabel: (row: Row) => string;
  bulk?: BulkActionDescription[];
  /** Other lists a bulk action changes (reloaded with this one). */
  invalidates?: readonly (readonly unknown[])[];
  /** Why the bulk actions are unavailable to this user (shown instead of them), or null. */
  bulkUnavailable?: string | null;
  exports?: ExportDescription;
  /** Above the filter bar (panels, figures read from the summaries). */
  header?: ReactNode | ((view: ListQueryView<Summary>) => ReactNode);
  /** Between the filter bar and the table (figures that follow the filter). */
  aboveTable?: (view: ListQueryView<Summary>) => ReactNode;
  /** Beside the status chips (the window's countdown, "Buka berikutnya"…). */
  actions?: ReactNode;
  /** Right of the filters' reset (e.g. "Tambah pengguna"). */
  filterActions?: ReactNode;
}

/** The part of a description that says what is fetched. */
export type ListSource = Pick<ListDescription<ListRow>, 'queryKey' | 'spec' | 'fetch' | 'initialFilter'>;

/** How a page describes its list for a track (a module-level function). The title is the table's
 * caption and `national` adds the instansi column and picker: neither changes the list's call, so
 * the route loader starts that call from `describe(track, '', national)` (issue #22). */
export type ListDescribe = (track: TrackId, title: string, national: boolean) => ListSource | null;
