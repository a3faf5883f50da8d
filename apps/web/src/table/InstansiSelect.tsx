// The national roles' instansi filter of a list: the instansi that have rows on it, from the
// list's own `…/instansi` call (searchable; cleared means every instansi).

import { Select } from '@mantine/core';
import type { InstansiOptions } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api/http';
import { idList } from '../i18n/list';

export function InstansiSelect({
  path,
  value,
  onChange,
}: {
  /** The list's instansi call, e.g. `/nakes/sanggah/instansi`. */
  path: string;
  value: string | null;
  onChange: (instansiId: string) => void;
}) {
  const query = useQuery({
    queryKey: ['instansi-pilihan', path],
    queryFn: ({ signal }) => request<InstansiOptions>(path, { signal }),
    staleTime: 300_000,
  });
  return (
    <Select
      label={idList.instansi}
      placeholder={idList.semuaInstansi}
      clearable
      searchable
      nothingFoundMessage={idList.instansiTidakAda}
      data={(query.data ?? []).map((item) => ({ value: String(item.id), label: item.nama }))}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
