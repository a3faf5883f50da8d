// Data Non ASN (issue #5), `/pppk/rekap-nonasn`, as a description: the instansi's honorary staff
// (every instansi for national monitors) – filters, search, status chips from the summaries,
// sorting, paging, export – and, for the instansi's admins inside the window, the bulk answer of
// the selected rows under the SPTJM. A row's name links to `…/detail?id=…`.

import { Group, Text } from '@mantine/core';
import {
  KATEGORI_NONASN_NAMA,
  type KeputusanKonfirmasi,
  type KonfirmasiSummary,
  NONASN_FILTER_KEYS,
  NONASN_PAGE,
  NONASN_SORT_COLUMNS,
  type NonAsnExportRequest,
  type NonAsnRow,
  STATUS_KONFIRMASI,
  type TrackId,
} from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { konfirmasiNonAsnBanyak, postNonAsnExport, postNonAsnList } from '../../api/nonasn';
import { useNational } from '../../auth/useNational';
import { idNonasn } from '../../i18n/nonasn';
import { exportRequest, type ListSpec } from '../../table/listState';
import { ListScreen } from '../../ui/list/ListScreen';
import { statusFilter } from '../../ui/list/statusFilter';
import type { BulkActionDescription, ColumnDescription, ListDescription } from '../../ui/list/types';
import { Nomor } from '../../ui/Nomor';
import { KonfirmasiBadge, STATUS_KONFIRMASI_COLOR } from '../../ui/status/StatusBadges';
import { Tenggat } from '../../ui/Tenggat';
import { JawabanInputs, masalahJawaban, nonAsnFilters, useBolehKonfirmasi } from './shared';

const t = idNonasn;
const SPEC: ListSpec = { filterKeys: NONASN_FILTER_KEYS, sortColumns: NONASN_SORT_COLUMNS };
export const DETAIL_PATH = '/pppk/rekap-nonasn/detail';

const COLUMNS: ColumnDescription<NonAsnRow>[] = [
  { key: 'nik', header: t.columns.nik, render: (row) => <Nomor>{row.nik}</Nomor> },
  { key: 'nama', header: t.columns.nama, sortKey: 'nama', primary: true, render: (row) => row.nama },
  { key: 'unitKerja', header: t.columns.unitKerja, render: (row) => row.unitKerja },
  { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatan },
  { key: 'masaKerja', header: t.columns.masaKerja, render: (row) => t.masaKerja(row.masaKerjaBulan) },
  {
    key: 'kategori',
    header: t.columns.kategori,
    sortKey: 'kategori',
    render: (row) => KATEGORI_NONASN_NAMA[row.kategori],
  },
  {
    key: 'status',
    header: t.columns.status,
    sortKey: 'statusKonfirmasi',
    render: (row) => <KonfirmasiBadge status={row.statusKonfirmasi} />,
  },
];
const INSTANSI_COLUMN: ColumnDescription<NonAsnRow> = {
  key: 'instansi',
  header: t.columns.instansi,
  render: (row) => row.instansi.nama,
};

/** One answer for the selected rows, asked in the dialog: the reason and the SPTJM statement. */
function jawabanMassal(status: KeputusanKonfirmasi): BulkActionDescription {
  const tolak = status === 'TIDAK_DIUSULKAN';
  return {
    key: status,
    label: tolak ? t.tidakDiusulkanTerpilih : t.konfirmasiTerpilih,
    color: tolak ? 'red' : 'teal',
    variant: tolak ? 'light' : 'filled',
    icon: tolak ? <IconX size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />,
    title: tolak ? t.judulTidakDiusulkan : t.judulKonfirmasi,
    message: (n) => t.ringkasBanyak(n, t.status[status]),
    confirmLabel: tolak ? t.tidakDiusulkan : t.konfirmasi,
    initialValues: { alasan: '', sptjm: false },
    fields: ({ values, onChange }) => (
      <JawabanInputs
        status={status}
        value={{ alasan: String(values.alasan ?? ''), sptjm: values.sptjm === true }}
        onChange={(next) => onChange(next as unknown as typeof values)}
        problem={null}
      />
    ),
    validate: (values) =>
      masalahJawaban(status, { alasan: String(values.alasan ?? ''), sptjm: values.sptjm === true }, false),
    run: (ids, values) =>
      konfirmasiNonAsnBanyak({
        ids: ids as number[],
        status,
        alasan: String(values.alasan ?? '').trim() || null,
        sptjm: true,
      }),
    resultMessage: t.hasil,
  };
}

function nonAsnDescription(national: boolean, boleh: boolean, tidakBoleh: string | null) {
  const description: ListDescription<NonAsnRow, KonfirmasiSummary> = {
    queryKey: ['nonasn'],
    spec: SPEC,
    fetch: (state, signal) => postNonAsnList(state, signal),
    caption: t.detail.data,
    columns: national ? [...COLUMNS, INSTANSI_COLUMN] : COLUMNS,
    searchPlaceholder: t.search,
    filters: [
      ...nonAsnFilters(national),
      statusFilter({
        key: 'statusKonfirmasi',
        label: t.statusFilter,
        values: STATUS_KONFIRMASI,
        names: t.status,
        colors: STATUS_KONFIRMASI_COLOR,
      }),
    ],
    header: (
      <Group justify="space-between" gap="sm">
        <Tenggat track="pppk" tahap="KONFIRMASI_NONASN" />
        {tidakBoleh && (
          <Text size="sm" c="dimmed">
            {tidakBoleh}
          </Text>
        )}
      </Group>
    ),
    rowLink: (row) => `${DETAIL_PATH}?id=${row.id}`,
    rowLabel: (row) => row.nama,
    bulk: [jawabanMassal('DIKONFIRMASI'), jawabanMassal('TIDAK_DIUSULKAN')],
    bulkUnavailable: boleh ? null : (tidakBoleh ?? ''),
    invalidates: [['dashboard-konfirmasi']],
    exports: {
      fileName: (format) => `data-nonasn.${format}`,
      halaman: NONASN_PAGE,
      download: (format, state, onProgress, signal) =>
        postNonAsnExport(exportRequest<NonAsnExportRequest>(format, state), onProgress, signal),
    },
  };
  return description;
}

/** The list for the route loader: who may answer changes only the bulk actions, not the call. */
export const nonAsnList = (_track: TrackId, _title: string, national: boolean) =>
  nonAsnDescription(national, false, null);

export function NonAsnListPage() {
  const national = useNational();
  const { boleh, alasan: tidakBoleh } = useBolehKonfirmasi();
  const description = useMemo(() => nonAsnDescription(national, boleh, tidakBoleh), [national, boleh, tidakBoleh]);
  return <ListScreen description={description} />;
}
