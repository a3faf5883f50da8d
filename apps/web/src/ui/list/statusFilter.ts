// The status chips of a list (FilterBar): one chip per status, named and coloured as its badge.

import type { FilterDescription } from './types';

export function statusFilter<S extends string>({
  key,
  label,
  values,
  names,
  colors,
}: {
  /** The filter's key, which is also the summary field holding the status. */
  key: string;
  label: string;
  values: readonly S[];
  names: Partial<Record<S, string>>;
  colors: Record<S, string>;
}): FilterDescription {
  return {
    kind: 'status',
    key,
    label,
    summaryKey: key,
    options: values.map((value) => ({ value, label: names[value] ?? value, color: colors[value] })),
  };
}
