// Data Non ASN (issue #5), `/pppk/rekap-nonasn`: the instansi's honorary staff (every instansi for
// national monitors) through the one list machinery – filters, search, status chips from the
// summaries, sorting, paging, export – and, for the instansi's admins inside the window, the bulk
// answer of the selected rows under the SPTJM. Opening a row goes to `…/detail?id=…`.

import { Alert, Anchor, Button, Chip, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  KATEGORI_NONASN,
  KATEGORI_NONASN_NAMA,
  type KeputusanKonfirmasi,
  type KonfirmasiSummary,
  NATIONAL_ROLES,
  NONASN_FILTER_KEYS,
  NONASN_SORT_COLUMNS,
  type NonAsnExportRequest,
  type NonAsnFilter,
  type NonAsnRow,
} from '@portal/contract';
import { IconCheck, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { konfirmasiNonAsnBanyak, postNonAsnExport, postNonAsnList } from '../../api/nonasn';
import { useAuth } from '../../auth/authStore';
import { id } from '../../i18n/id';
import { type Column, DataTable, listTableProps } from '../../table/DataTable';
import { ExportButtons } from '../../table/ExportButtons';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { Tenggat } from '../../ui/Tenggat';
import { showError, showSuccess } from '../../ui/toast';
import {
  type JawabanFields,
  JawabanInputs,
  KonfirmasiBadge,
  masalahJawaban,
  STATUS_COLOR,
  useBolehKonfirmasi,
  useInstansiOptions,
} from './shared';

const t = id.nonasn;
const SPEC: ListSpec = { filterKeys: NONASN_FILTER_KEYS, sortColumns: NONASN_SORT_COLUMNS };
export const DETAIL_PATH = '/pppk/rekap-nonasn/detail';

const COLUMNS: Column<NonAsnRow>[] = [
  { key: 'nik', header: t.columns.nik, render: (row) => row.nik },
  {
    key: 'nama',
    header: t.columns.nama,
    sortKey: 'nama',
    // A link, so the keyboard opens a record as the mouse does.
    render: (row) => (
      <Anchor component={Link} to={`${DETAIL_PATH}?id=${row.id}`} size="sm">
        {row.nama}
      </Anchor>
    ),
  },
  { key: 'unitKerja', header: t.columns.unitKerja, render: (row) => row.unitKerja },
  { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatan },
  { key: 'masaKerja', header: t.columns.masaKerja, render: (row) => t.masaKerja(row.masaKerjaBulan) },
  {
    key: 'kategori',
    header: t.columns.kategori,
    sortKey: 'kategori',
    render: (row) => row.kategori.replaceAll('_', '-'),
  },
  {
    key: 'status',
    header: t.columns.status,
    sortKey: 'statusKonfirmasi',
    render: (row) => <KonfirmasiBadge status={row.statusKonfirmasi} />,
  },
];
const INSTANSI_COLUMN: Column<NonAsnRow> = {
  key: 'instansi',
  header: t.columns.instansi,
  render: (row) => row.instansi.nama,
};

/** The answer for the selected rows, asked in a dialog: the reason and the SPTJM statement. */
function BulkJawab({ ids }: { ids: number[] }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<KeputusanKonfirmasi | null>(null);
  const [fields, setFields] = useState<JawabanFields>({ alasan: '', sptjm: false });
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setStatus(null);
    setFields({ alasan: '', sptjm: false });
    setProblem(null);
  };
  const save = useMutation({
    mutationFn: (chosen: KeputusanKonfirmasi) =>
      konfirmasiNonAsnBanyak({ ids, status: chosen, alasan: fields.alasan.trim() || null, sptjm: true }),
    onSuccess: (results) => {
      const failed = results.filter((result) => !result.ok);
      const message = t.hasil(results.length - failed.length, failed.length);
      if (failed.length === 0) showSuccess(message);
      else showError(`${message} ${failed.map((result) => result.message).join(' ')}`);
      close();
      void queryClient.invalidateQueries({ queryKey: ['nonasn'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard-konfirmasi'] });
    },
    onError: (error) => setProblem(error.message),
  });
  const submit = () => {
    if (!status) return;
    const masalah = masalahJawaban(status, fields, false);
    if (masalah) setProblem(masalah);
    else save.mutate(status);
  };
  return (
    <>
      <Button
        color="teal"
        size="sm"
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={() => setStatus('DIKONFIRMASI')}
      >
        {t.konfirmasiTerpilih(ids.length)}
      </Button>
      <Button
        color="red"
        variant="light"
        size="sm"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={() => setStatus('TIDAK_DIUSULKAN')}
      >
        {t.tidakDiusulkanTerpilih(ids.length)}
      </Button>
      <Modal
        opened={status !== null}
        onClose={close}
        title={status === 'TIDAK_DIUSULKAN' ? t.judulTidakDiusulkan : t.judulKonfirmasi}
        centered
        size="lg"
      >
        {status && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack>
              <Text size="sm">{t.ringkasBanyak(ids.length, t.status[status])}</Text>
              <JawabanInputs
                status={status}
                value={fields}
                onChange={(next) => {
                  setProblem(null);
                  setFields(next);
                }}
                problem={problem}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t.batal}
                </Button>
                <Button type="submit" color={status === 'TIDAK_DIUSULKAN' ? 'red' : 'teal'} loading={save.isPending}>
                  {status === 'TIDAK_DIUSULKAN' ? t.tidakDiusulkan : t.konfirmasi}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}

export function NonAsnListPage() {
  const navigate = useNavigate();
  const user = useAuth().user;
  const national = user?.authorities.some((a) => (NATIONAL_ROLES as readonly string[]).includes(a.authority)) ?? false;
  const { boleh, alasan: tidakBoleh } = useBolehKonfirmasi();
  const listState = useListState(SPEC);
  const { state, selection } = listState;
  const query = useListQuery<NonAsnRow, KonfirmasiSummary>(['nonasn'], state, (current, signal) =>
    postNonAsnList(current, signal),
  );
  const instansi = useInstansiOptions(national);
  const { data, recordsTotal, summaries } = query.result;

  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);

  const value = (key: keyof NonAsnFilter) =>
    typeof state.filter[key] === 'string' ? (state.filter[key] as string) : null;
  const status = value('statusKonfirmasi') ?? '';
  const columns = useMemo(() => (national ? [...COLUMNS, INSTANSI_COLUMN] : COLUMNS), [national]);
  const selectedIds = selection.selectedRowIds as number[];
  const total = summaries.reduce((sum, summary) => sum + summary.jumlah, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Tenggat track="pppk" tahap="KONFIRMASI_NONASN" />
        {tidakBoleh && (
          <Text size="sm" c="dimmed">
            {tidakBoleh}
          </Text>
        )}
      </Group>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={id.list.searchLabel}
              placeholder={t.search}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={listState.searchInput}
              onChange={(event) => listState.setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
            />
            {national && (
              <Select
                label={t.instansi}
                placeholder={t.semuaInstansi}
                clearable
                searchable
                data={(instansi.data ?? []).map((item) => ({ value: String(item.id), label: item.nama }))}
                value={value('instansiId')}
                onChange={(next) => listState.setFilter({ instansiId: next ?? '' })}
                w={{ base: '100%', xs: 280 }}
              />
            )}
            <Select
              label={t.kategori}
              placeholder={t.semuaKategori}
              clearable
              data={KATEGORI_NONASN.map((kategori) => ({ value: kategori, label: KATEGORI_NONASN_NAMA[kategori] }))}
              value={value('kategori')}
              onChange={(next) => listState.setFilter({ kategori: next ?? '' })}
              w={{ base: '100%', xs: 280 }}
            />
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={listState.reset}>
              {id.list.reset}
            </Button>
          </Group>
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Chip.Group value={status} onChange={(next) => listState.setFilter({ statusKonfirmasi: next as string })}>
              <Group gap="xs" role="radiogroup" aria-label={t.statusFilter}>
                <Chip value="" size="sm">
                  {id.list.allStatuses} ({total.toLocaleString('id-ID')})
                </Chip>
                {summaries.map((summary) => (
                  <Chip
                    key={summary.statusKonfirmasi}
                    value={summary.statusKonfirmasi}
                    size="sm"
                    color={STATUS_COLOR[summary.statusKonfirmasi]}
                  >
                    {t.status[summary.statusKonfirmasi]} ({summary.jumlah.toLocaleString('id-ID')})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <ExportButtons
              disabled={recordsTotal === 0}
              fileName={(format) => `data-nonasn.${format}`}
              download={(format, onProgress, signal) =>
                postNonAsnExport(
                  {
                    format,
                    filter: state.filter as NonAsnFilter,
                    sorting: state.sorting as NonAsnExportRequest['sorting'],
                    searchTerm: state.searchTerm,
                  },
                  onProgress,
                  signal,
                )
              }
            />
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        {selectedIds.length > 0 && boleh && (
          <Group mb="sm" gap="xs">
            <BulkJawab ids={selectedIds} />
          </Group>
        )}
        {selectedIds.length > 0 && !boleh && tidakBoleh && (
          <Alert color="gray" mb="sm" p="xs">
            {tidakBoleh}
          </Alert>
        )}
        <DataTable
          caption={id.nonasn.detail.data}
          columns={columns}
          {...listTableProps(listState, query)}
          rowLabel={(row) => row.nama}
          onRowOpen={(row) => void navigate(`${DETAIL_PATH}?id=${row.id}`)}
        />
      </Paper>
    </Stack>
  );
}
