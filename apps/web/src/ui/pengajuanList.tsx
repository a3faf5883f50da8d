// The lists of submissions (objections, score objections, affirmation claims) share their frame:
// who submitted (number and name), their instansi for national roles, moments with who acted,
// the search, the instansi picker for national roles, the status chips and the window's
// countdown. Each list adds its own columns and filters, in its own words (its i18n part).

import { formatWaktu, type Tahap, type TrackId } from '@portal/contract';
import { idList } from '../i18n/list';
import type { ListSpec } from '../table/listState';
import { statusFilter } from './list/statusFilter';
import type { ColumnDescription, FilterDescription, ListDescription, ListRow } from './list/types';
import { Nomor } from './Nomor';
import { Tenggat } from './Tenggat';

/** The applicant's number and name; the name is the row's label and sorts. */
export function pelamarColumns<R extends { noPeserta: string; nama: string }>(headers: {
  noPeserta: string;
  nama: string;
}): ColumnDescription<R>[] {
  return [
    { key: 'noPeserta', header: headers.noPeserta, render: (row) => <Nomor>{row.noPeserta}</Nomor> },
    { key: 'nama', header: headers.nama, sortKey: 'nama', primary: true, render: (row) => row.nama },
  ];
}

/** The row's instansi: a column for national roles only (spread it into the columns). */
export function instansiColumn<R extends { instansi: { nama: string } }>(
  national: boolean,
  header: string,
): ColumnDescription<R>[] {
  return national ? [{ key: 'instansi', header, render: (row) => row.instansi.nama }] : [];
}

/**
 * The moment `{key}At` of the row, sorted by it; with `by`, who acted then ("waktu · nama").
 * "–" while there is none.
 */
export function waktuColumn<K extends string, R extends { [P in `${K}At`]: string | null }>(
  key: K,
  header: string,
  { by, format = formatWaktu }: { by?: (row: R) => string | null; format?: (iso: string) => string } = {},
): ColumnDescription<R> {
  const sortKey = `${key}At` as const;
  return {
    key,
    header,
    sortKey,
    render: (row) => {
      const when = row[sortKey];
      if (!when) return '–';
      return by ? `${format(when)} · ${by(row) ?? '–'}` : format(when);
    },
  };
}

/** A list of submissions: the description with the frame they share added. */
export function pengajuanList<Row extends ListRow, Summary, S extends string>({
  track,
  title,
  tahap,
  status,
  instansiPath,
  filters = [],
  filterKeys,
  sortColumns,
  ...own
}: Omit<ListDescription<Row, Summary>, 'caption' | 'searchPlaceholder' | 'actions' | 'filters' | 'spec'> &
  Pick<ListSpec, 'filterKeys' | 'sortColumns'> & {
    track: TrackId;
    title: string;
    /** The stage whose window's countdown stands beside the status chips. */
    tahap: Tahap;
    status: { label: string; values: readonly S[]; names: Partial<Record<S, string>>; colors: Record<S, string> };
    /** Where a national role picks the instansi from (undefined: no picker). */
    instansiPath?: string;
    filters?: FilterDescription[];
  }): ListDescription<Row, Summary> {
  return {
    ...own,
    spec: { filterKeys, sortColumns },
    caption: title,
    searchPlaceholder: idList.search,
    filters: [
      ...(instansiPath ? [{ kind: 'instansi' as const, key: 'instansiId', path: instansiPath }] : []),
      ...filters,
      statusFilter({ key: 'status', ...status }),
    ],
    actions: <Tenggat track={track} tahap={tahap} />,
  };
}
