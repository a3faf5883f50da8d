// The objection lists (issue #5): Jawab Sanggah (`/{track}/sanggah`; every instansi for wasdal),
// Sanggah Afirmasi (`/{track}/sanggah-afirmasi`: against the checker's decisions) and the Nakes
// admin's reset list (`/nakes/admin-reset-jawab-sanggah`, bulk reset with a reason), one
// implementation on the list machinery; a row opens the screen's detail page.

import { Badge, Button, Chip, Group, Modal, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  SANGGAH_FILTER_KEYS,
  SANGGAH_LISTS,
  SANGGAH_SORT_COLUMNS,
  type SanggahList,
  type SanggahRow,
  type SanggahSummary,
  type StatusSanggah,
  type TrackId,
} from '@portal/contract';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { postSanggahList, resetSanggah } from '../../api/sanggah';
import { useNational } from '../../auth/useNational';
import { formatWaktu } from '../../i18n/format';
import { id } from '../../i18n/id';
import { type Column, DataTable, listTableProps } from '../../table/DataTable';
import { InstansiSelect } from '../../table/InstansiSelect';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';
import { Tenggat } from '../../ui/Tenggat';
import { showError, showSuccess } from '../../ui/toast';
import { useCurrentPage } from '../../ui/useCurrentPage';

const t = id.sanggah;
const SPEC: ListSpec = { filterKeys: SANGGAH_FILTER_KEYS, sortColumns: SANGGAH_SORT_COLUMNS };
export const STATUS_SANGGAH_COLOR: Record<StatusSanggah, string> = {
  DIAJUKAN: 'yellow',
  DITERIMA: 'teal',
  DITOLAK: 'red',
};

export function StatusSanggahBadge({ status }: { status: StatusSanggah }) {
  return (
    <Badge color={STATUS_SANGGAH_COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {t.status[status]}
    </Badge>
  );
}

export function CekBadge({ cek }: { cek: string | null }) {
  if (!cek)
    return (
      <Text size="xs" c="dimmed">
        {t.cek.BELUM}
      </Text>
    );
  return (
    <Badge color={cek === 'DITANDAI' ? 'orange' : 'blue'} variant="light">
      {t.cek[cek]}
    </Badge>
  );
}

function BulkReset({ track, ids }: { track: TrackId; ids: number[] }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [alasan, setAlasan] = useState('');
  const reset = useMutation({
    mutationFn: () => resetSanggah(track, ids, alasan.trim()),
    onSuccess: (results) => {
      const failed = results.filter((result) => !result.ok);
      const message = t.resetHasil(results.length - failed.length, failed.length);
      if (failed.length === 0) showSuccess(message);
      else showError(`${message} ${failed.map((result) => `#${result.id}: ${result.message}`).join(' ')}`);
      setOpen(false);
      setAlasan('');
      void queryClient.invalidateQueries({ queryKey: ['sanggah'] });
    },
    onError: (error) => showError(error.message),
  });
  const valid = alasan.trim().length >= 5;
  return (
    <>
      <Button color="orange" size="sm" onClick={() => setOpen(true)}>
        {t.resetTerpilih(ids.length)}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t.resetJudul} centered>
        <Stack>
          <Text size="sm">{t.resetPenjelasan(ids.length)}</Text>
          <Textarea
            label={t.alasanReset}
            autosize
            minRows={2}
            maxLength={2000}
            value={alasan}
            onChange={(event) => setAlasan(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t.batal}
            </Button>
            <Button color="orange" disabled={!valid} loading={reset.isPending} onClick={() => reset.mutate()}>
              {t.reset}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function SanggahListPage({ list, track, title }: { list: SanggahList; track: TrackId; title: string }) {
  const navigate = useNavigate();
  const national = useNational();
  const listState = useListState(SPEC);
  const { state, selection } = listState;
  const query = useListQuery<SanggahRow, SanggahSummary>(['sanggah', track, list], state, (current, signal) =>
    postSanggahList(track, list, current, signal),
  );
  const { data, summaries } = query.result;
  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);

  const status = typeof state.filter.status === 'string' ? state.filter.status : '';
  const cek = typeof state.filter.cek === 'string' ? state.filter.cek : null;
  const afirmasi = list === 'afirmasi';
  const total = summaries.reduce((sum, summary) => sum + summary.jumlah, 0);
  const columns = useMemo<Column<SanggahRow>[]>(
    () => [
      { key: 'noPeserta', header: t.columns.noPeserta, render: (row) => row.noPeserta },
      { key: 'nama', header: t.columns.nama, sortKey: 'nama', render: (row) => row.nama },
      { key: 'jabatan', header: t.columns.jabatan, render: (row) => row.jabatanNama },
      ...(national
        ? [{ key: 'instansi', header: t.columns.instansi, render: (row: SanggahRow) => row.instansi.nama }]
        : []),
      {
        key: 'diajukan',
        header: t.columns.diajukan,
        sortKey: 'diajukanAt',
        render: (row) => formatWaktu(row.diajukanAt),
      },
      { key: 'butir', header: t.columns.butir, render: (row) => row.jumlahButir },
      {
        key: 'status',
        header: t.columns.status,
        width: 110,
        render: (row) => <StatusSanggahBadge status={row.status} />,
      },
      {
        key: 'dijawab',
        header: t.columns.dijawab,
        sortKey: 'dijawabAt',
        render: (row) => (row.dijawabAt ? `${formatWaktu(row.dijawabAt)} · ${row.penjawabNama ?? '–'}` : '–'),
      },
      ...(afirmasi
        ? []
        : [
            {
              key: 'cek',
              header: t.columns.cek,
              render: (row: SanggahRow) => (row.status === 'DIAJUKAN' ? '–' : <CekBadge cek={row.cek} />),
            },
          ]),
    ],
    [national, afirmasi],
  );
  const selectedIds = selection.selectedRowIds as number[];

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={id.list.searchLabel}
              placeholder={id.list.search}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={listState.searchInput}
              onChange={(event) => listState.setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 260px' }}
            />
            {national && (
              <InstansiSelect
                path={`/${track}/${SANGGAH_LISTS[list].segment}/instansi`}
                value={typeof state.filter.instansiId === 'string' ? state.filter.instansiId : null}
                onChange={(instansiId) => listState.setFilter({ instansiId })}
              />
            )}
            {!afirmasi && (
              <Select
                label={t.cekFilter}
                placeholder={t.semuaCek}
                clearable
                data={['BELUM', 'DIPERIKSA', 'DITANDAI'].map((value) => ({ value, label: t.cek[value] ?? value }))}
                value={cek}
                onChange={(value) => listState.setFilter({ cek: value ?? '' })}
                w={{ base: '100%', xs: 200 }}
              />
            )}
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={listState.reset}>
              {id.list.reset}
            </Button>
          </Group>
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Chip.Group value={status} onChange={(value) => listState.setFilter({ status: value as string })}>
              <Group gap="xs" role="radiogroup" aria-label={t.statusFilter}>
                <Chip value="" size="sm">
                  {id.list.allStatuses} ({total.toLocaleString('id-ID')})
                </Chip>
                {summaries.map((summary) => (
                  <Chip
                    key={summary.status}
                    value={summary.status}
                    size="sm"
                    color={STATUS_SANGGAH_COLOR[summary.status]}
                  >
                    {t.status[summary.status]} ({summary.jumlah.toLocaleString('id-ID')})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Tenggat track={track} tahap={afirmasi ? 'JAWAB_SANGGAH_AFIRMASI' : 'JAWAB_SANGGAH'} />
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        {list === 'reset' && selectedIds.length > 0 && (
          <Group mb="sm" gap="xs">
            <BulkReset track={track} ids={selectedIds} />
          </Group>
        )}
        <DataTable
          caption={title}
          columns={columns}
          {...listTableProps(listState, query)}
          rowLabel={(row) => row.nama}
          onRowOpen={(row) => void navigate(`/${track}/${SANGGAH_LISTS[list].screen}/detail?id=${row.id}`)}
        />
      </Paper>
    </Stack>
  );
}

/** /{track}/sanggah */
export function JawabSanggahPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahListPage list="jawab" track={page.track} title={page.title} /> : null;
}

/** /nakes/admin-reset-jawab-sanggah */
export function ResetJawabSanggahPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahListPage list="reset" track={page.track} title={page.title} /> : null;
}

/** /{track}/sanggah-afirmasi */
export function SanggahAfirmasiPage() {
  const page = useCurrentPage();
  return page?.track ? <SanggahListPage list="afirmasi" track={page.track} title={page.title} /> : null;
}
