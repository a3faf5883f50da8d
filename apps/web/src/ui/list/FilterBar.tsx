// The filter bar of a described list: "Cari", the selects, the instansi picker (national roles),
// date ranges in DD/MM/YYYY, "Atur ulang", and under them the status chips with their counts from
// the summaries. The active chip stays while loading and after a failed load (the description
// knows its label); counts appear only once they are known (never "Semua (0)" while loading).

import { Button, Chip, Group, Select, Stack, TextInput } from '@mantine/core';
import { formatAngka as angka } from '@portal/contract';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { idList } from '../../i18n/list';
import { InstansiSelect } from '../../table/InstansiSelect';
import type { ListFilter } from '../../table/listState';
import { DateField } from '../DateField';
import type { FilterDescription } from './types';

type StatusFilter = Extract<FilterDescription, { kind: 'status' }>;

const single = (filter: ListFilter, key: string) => {
  const value = filter[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export interface FilterBarProps {
  filters: FilterDescription[];
  filter: ListFilter;
  searchInput: string;
  searchPlaceholder: string;
  searchLabel?: string;
  onSearch: (term: string) => void;
  onFilter: (patch: ListFilter) => void;
  onReset: () => void;
  /** Summaries of the last answer, or null while none is known (loading, failed). */
  summaries: Record<string, unknown>[] | null;
  filterActions?: ReactNode;
  actions?: ReactNode;
}

export function StatusChips({
  description,
  value,
  summaries,
  onChange,
}: {
  description: StatusFilter;
  value: string;
  summaries: Record<string, unknown>[] | null;
  onChange: (value: string) => void;
}) {
  const count = (status: string) => {
    const found = summaries?.find((summary) => summary[description.summaryKey] === status);
    return typeof found?.jumlah === 'number' ? found.jumlah : 0;
  };
  const total = summaries?.reduce((sum, summary) => sum + (typeof summary.jumlah === 'number' ? summary.jumlah : 0), 0);
  // The statuses the summaries name (as before), and always the active one, even with no answer.
  const shown = description.options.filter(
    (option) =>
      option.value === value || summaries?.some((summary) => summary[description.summaryKey] === option.value) === true,
  );
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${angka(n)})`);
  return (
    <Chip.Group value={value} onChange={(next) => onChange(next as string)}>
      <Group gap="xs" role="radiogroup" aria-label={description.label}>
        <Chip value="" size="sm">
          {withCount(idList.allStatuses, total)}
        </Chip>
        {shown.map((option) => (
          <Chip key={option.value} value={option.value} size="sm" color={option.color}>
            {withCount(option.label, summaries ? count(option.value) : undefined)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

export function FilterBar(props: FilterBarProps) {
  const { filters, filter, onFilter } = props;
  const chips = filters.filter((item): item is StatusFilter => item.kind === 'status');
  const fields = filters.map((item) => {
    switch (item.kind) {
      case 'status':
        return null;
      case 'select':
        return (
          <Select
            key={item.key}
            label={item.label}
            placeholder={item.placeholder}
            clearable
            searchable={item.searchable}
            data={item.options.map(({ value, label }) => ({ value, label }))}
            value={single(filter, item.key)}
            onChange={(value) => onFilter({ [item.key]: value ?? '' })}
            w={{ base: '100%', xs: item.width ?? 220 }}
          />
        );
      case 'instansi':
        return (
          <InstansiSelect
            key={item.key}
            path={item.path}
            value={single(filter, item.key)}
            onChange={(value) => onFilter({ [item.key]: value })}
          />
        );
      case 'dateRange':
        return (
          <Group key={item.from} gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
            <DateField
              label={item.labelFrom}
              value={single(filter, item.from)}
              maxDate={single(filter, item.to) ?? undefined}
              onChange={(value) => onFilter({ [item.from]: value })}
              w={{ base: '50%', xs: 160 }}
            />
            <DateField
              label={item.labelTo}
              value={single(filter, item.to)}
              minDate={single(filter, item.from) ?? undefined}
              onChange={(value) => onFilter({ [item.to]: value })}
              w={{ base: '50%', xs: 160 }}
            />
          </Group>
        );
    }
    return null;
  });

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={props.searchLabel ?? idList.searchLabel}
          placeholder={props.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={props.searchInput}
          onChange={(event) => props.onSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        {fields}
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={props.onReset}>
          {idList.reset}
        </Button>
        {props.filterActions}
      </Group>
      {(chips.length > 0 || props.actions) && (
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          {chips.map((chip) => (
            <StatusChips
              key={chip.key}
              description={chip}
              value={single(filter, chip.key) ?? ''}
              summaries={props.summaries}
              onChange={(value) => onFilter({ [chip.key]: value })}
            />
          ))}
          {props.actions && (
            <Group gap="xs" ml="auto">
              {props.actions}
            </Group>
          )}
        </Group>
      )}
    </Stack>
  );
}
