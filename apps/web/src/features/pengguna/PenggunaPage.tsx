// /admin/pengguna (issue #6): user administration on the list machinery (search, status, role
// and — for the super-admin — instansi filters), a form to create an account (its temporary
// password shown once) and to edit or deactivate one. What may be granted comes from the server.

import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PENGGUNA_SORT_COLUMNS,
  type PenggunaOptions,
  type PenggunaRow,
  penggunaFilterSchema,
  type Role,
} from '@portal/contract';
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { createPengguna, getPenggunaOptions, postPenggunaList, updatePengguna } from '../../api/akun';
import { errorMessage } from '../../auth/AuthCard';
import { id } from '../../i18n/id';
import { type Column, DataTable, listTableProps } from '../../table/DataTable';
import type { ListSpec } from '../../table/listState';
import { useListQuery } from '../../table/useListQuery';
import { useListState } from '../../table/useListState';

const t = id.akun.pengguna;
const SPEC: ListSpec = {
  filterKeys: Object.keys(penggunaFilterSchema.shape),
  sortColumns: PENGGUNA_SORT_COLUMNS,
};

/** ROLE_VERIFIKATOR_CPNS → "VERIFIKATOR CPNS", as on the dashboard. */
const roleLabel = (role: string) => role.replace(/^ROLE_/, '').replaceAll('_', ' ');

interface FormValues {
  username: string;
  fullname: string;
  email: string;
  instansiId: string;
  roles: string[];
  active: boolean;
}

function PenggunaForm({
  options,
  editing,
  onDone,
}: {
  options: PenggunaOptions;
  editing: PenggunaRow | null;
  onDone: (created?: { username: string; temporaryPassword: string }) => void;
}) {
  const [values, setValues] = useState<FormValues>(() => ({
    username: editing?.username ?? '',
    fullname: editing?.fullname ?? '',
    email: editing?.email ?? '',
    instansiId: String(editing?.instansi.id ?? (options.instansi.length === 1 ? options.instansi[0]?.id : '') ?? ''),
    roles: editing?.roles ?? [],
    active: editing?.active ?? true,
  }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const readOnly = editing !== null && !editing.bisaDiubah;
  const set = (patch: Partial<FormValues>) => setValues((current) => ({ ...current, ...patch }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (editing) {
        await updatePengguna(editing.id, {
          fullname: values.fullname.trim(),
          email: values.email.trim(),
          roles: values.roles as Role[],
          active: values.active,
          version: editing.version,
        });
        onDone();
      } else {
        const result = await createPengguna({
          username: values.username.trim(),
          fullname: values.fullname.trim(),
          email: values.email.trim(),
          instansiId: Number(values.instansiId),
          roles: values.roles as Role[],
        });
        onDone({ username: result.pengguna.username, temporaryPassword: result.temporaryPassword });
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {readOnly && <Alert color="yellow">{t.readOnly}</Alert>}
        {error && (
          <Alert role="alert" color="red" icon={<IconAlertCircle aria-hidden />}>
            {error}
          </Alert>
        )}
        <TextInput
          label={id.auth.username}
          required
          disabled={editing !== null}
          value={values.username}
          onChange={(e) => set({ username: e.currentTarget.value })}
          autoFocus={editing === null}
        />
        <TextInput
          label={id.akun.fullname}
          required
          disabled={readOnly}
          value={values.fullname}
          onChange={(e) => set({ fullname: e.currentTarget.value })}
        />
        <TextInput
          label={id.akun.email}
          type="email"
          required
          disabled={readOnly}
          value={values.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
        />
        <Select
          label={id.akun.instansi}
          required
          searchable
          disabled={editing !== null}
          data={
            editing
              ? [{ value: String(editing.instansi.id), label: editing.instansi.nama }]
              : options.instansi.map((i) => ({ value: String(i.id), label: i.nama }))
          }
          value={values.instansiId || null}
          onChange={(value) => set({ instansiId: value ?? '' })}
        />
        <Checkbox.Group
          label={t.rolesLabel}
          description={t.rolesHint}
          value={values.roles}
          onChange={(roles) => set({ roles })}
        >
          <Stack gap={6} mt={6}>
            {options.roles.map((role) => (
              <Checkbox key={role} value={role} label={roleLabel(role)} disabled={readOnly} />
            ))}
            {/* Roles the caller does not grant stay as they are, shown for information. */}
            {values.roles
              .filter((role) => !options.roles.includes(role as Role))
              .map((role) => (
                <Checkbox key={role} value={role} label={roleLabel(role)} disabled />
              ))}
          </Stack>
        </Checkbox.Group>
        {editing && (
          <Switch
            label={t.activeLabel}
            checked={values.active}
            disabled={readOnly}
            onChange={(e) => set({ active: e.currentTarget.checked })}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={busy} disabled={busy || readOnly}>
            {editing ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PenggunaPage() {
  const listState = useListState(SPEC);
  const { state, selection } = listState;
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: ['pengguna', 'options'], queryFn: ({ signal }) => getPenggunaOptions(signal) });
  const query = useListQuery<PenggunaRow, unknown>(['pengguna'], state, (current, signal) =>
    postPenggunaList(current, signal),
  );
  const { data } = query.result;
  const ids = useMemo(() => data.map((row) => row.id), [data]);
  useEffect(() => selection.load(ids), [ids, selection.load]);
  const [editing, setEditing] = useState<PenggunaRow | 'new' | null>(null);
  const [created, setCreated] = useState<{ username: string; temporaryPassword: string } | null>(null);
  const filterValue = (key: string) => (typeof state.filter[key] === 'string' ? (state.filter[key] as string) : null);
  const manyInstansi = (options.data?.instansi.length ?? 0) > 1;

  const columns = useMemo<Column<PenggunaRow>[]>(
    () => [
      { key: 'username', header: t.columns.username, sortKey: 'username', render: (row) => row.username },
      { key: 'fullname', header: t.columns.fullname, sortKey: 'fullname', render: (row) => row.fullname },
      { key: 'email', header: t.columns.email, render: (row) => row.email },
      // An instansi admin sees only their own instansi: the column is for the super-admin.
      ...(manyInstansi
        ? [{ key: 'instansi', header: t.columns.instansi, render: (row: PenggunaRow) => row.instansi.nama }]
        : []),
      {
        key: 'roles',
        header: t.columns.roles,
        render: (row) =>
          row.roles.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.noRoles}
            </Text>
          ) : (
            <Stack gap={2}>
              {row.roles.map((role) => (
                <Text key={role} size="xs" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {roleLabel(role)}
                </Text>
              ))}
            </Stack>
          ),
      },
      {
        key: 'status',
        header: t.columns.status,
        width: 110,
        render: (row) => (
          <Badge color={row.active ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
            {row.active ? t.active : t.inactive}
          </Badge>
        ),
      },
      { key: 'otp', header: t.columns.otp, width: 70, render: (row) => (row.totpEnabled ? '✓' : '–') },
    ],
    [manyInstansi],
  );

  const closeForm = (result?: { username: string; temporaryPassword: string }) => {
    setEditing(null);
    if (result) setCreated(result);
    void queryClient.invalidateQueries({ queryKey: ['pengguna'] });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t.searchLabel}
            placeholder={t.search}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={listState.searchInput}
            onChange={(event) => listState.setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label={t.status}
            placeholder={t.allStatuses}
            clearable
            data={[
              { value: 'AKTIF', label: t.active },
              { value: 'NONAKTIF', label: t.inactive },
            ]}
            value={filterValue('status')}
            onChange={(value) => listState.setFilter({ status: value ?? '' })}
            w={160}
          />
          <Select
            label={t.role}
            placeholder={t.allRoles}
            clearable
            searchable
            data={(options.data?.roles ?? []).map((role) => ({ value: role, label: roleLabel(role) }))}
            value={filterValue('role')}
            onChange={(value) => listState.setFilter({ role: value ?? '' })}
            w={240}
          />
          {manyInstansi && (
            <Select
              label={id.akun.instansi}
              placeholder={t.allInstansi}
              clearable
              searchable
              data={(options.data?.instansi ?? []).map((i) => ({ value: String(i.id), label: i.nama }))}
              value={filterValue('instansiId')}
              onChange={(value) => listState.setFilter({ instansiId: value ?? '' })}
              w={260}
            />
          )}
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={listState.reset}>
            {id.list.reset}
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
            disabled={!options.data}
            ml="auto"
          >
            {t.add}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <DataTable
          caption={t.caption}
          columns={columns}
          {...listTableProps(listState, query)}
          rowLabel={(row) => `${row.fullname} (${row.username})`}
          onRowOpen={(row) => setEditing(row)}
        />
      </Paper>
      <Modal
        opened={editing !== null && options.data !== undefined}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? t.createTitle : t.editTitle(editing.fullname)}
        size="lg"
      >
        {editing !== null && options.data && (
          <PenggunaForm options={options.data} editing={editing === 'new' ? null : editing} onDone={closeForm} />
        )}
      </Modal>
      <Modal opened={created !== null} onClose={() => setCreated(null)} title={t.createdTitle}>
        {created && (
          <Stack gap="sm">
            <Text size="sm">{t.createdText(created.username)}</Text>
            <Code fz="lg" ta="center" data-testid="temporary-password">
              {created.temporaryPassword}
            </Code>
            <Group justify="flex-end">
              <Button onClick={() => setCreated(null)}>{t.close}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
