// /admin/pengguna (issue #6): user administration as a described list (search, status, role
// and — for the super-admin — instansi filters; a name opens the account's form), a form to create an account (its temporary
// password shown once) and to edit or deactivate one. What may be granted comes from the server.

import { Alert, Button, Checkbox, Code, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  PENGGUNA_SORT_COLUMNS,
  type PenggunaOptions,
  type PenggunaRow,
  penggunaFilterSchema,
  type Role,
} from '@portal/contract';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { createPengguna, getPenggunaOptions, postPenggunaList, updatePengguna } from '../../api/akun';
import { errorMessage } from '../../auth/AuthCard';
import { idAkun } from '../../i18n/akun';
import { idAuth } from '../../i18n/auth';
import type { ListSpec } from '../../table/listState';
import { ListScreen } from '../../ui/list/ListScreen';
import type { ListDescription } from '../../ui/list/types';
import { StatusLabel } from '../../ui/status/StatusBadges';

const t = idAkun.pengguna;
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
          label={idAuth.username}
          required
          disabled={editing !== null}
          value={values.username}
          onChange={(e) => set({ username: e.currentTarget.value })}
          autoFocus={editing === null}
        />
        <TextInput
          label={idAkun.fullname}
          required
          disabled={readOnly}
          value={values.fullname}
          onChange={(e) => set({ fullname: e.currentTarget.value })}
        />
        <TextInput
          label={idAkun.email}
          type="email"
          required
          disabled={readOnly}
          value={values.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
        />
        <Select
          label={idAkun.instansi}
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

/** The user list as a description: a row's name opens its form (a dialog, not a page). */
function penggunaDescription(
  options: PenggunaOptions | undefined,
  manyInstansi: boolean,
  edit: (row: PenggunaRow | 'new') => void,
): ListDescription<PenggunaRow> {
  return {
    queryKey: ['pengguna', 'list'],
    spec: SPEC,
    fetch: (state, signal) => postPenggunaList(state, signal),
    caption: t.caption,
    columns: [
      { key: 'username', header: t.columns.username, sortKey: 'username', render: (row) => row.username },
      {
        key: 'fullname',
        header: t.columns.fullname,
        sortKey: 'fullname',
        primary: true,
        render: (row) => row.fullname,
      },
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
                <Text key={role} size="xs" fw={500}>
                  {roleLabel(role)}
                </Text>
              ))}
            </Stack>
          ),
      },
      {
        key: 'status',
        header: t.columns.status,
        render: (row) => (
          <StatusLabel color={row.active ? 'teal' : 'gray'}>{row.active ? t.active : t.inactive}</StatusLabel>
        ),
      },
      { key: 'otp', header: t.columns.otp, render: (row) => (row.totpEnabled ? '✓' : '–') },
    ],
    searchPlaceholder: t.search,
    searchLabel: t.searchLabel,
    filters: [
      {
        kind: 'select',
        key: 'status',
        label: t.status,
        placeholder: t.allStatuses,
        options: [
          { value: 'AKTIF', label: t.active },
          { value: 'NONAKTIF', label: t.inactive },
        ],
        width: 160,
      },
      {
        kind: 'select',
        key: 'role',
        label: t.role,
        placeholder: t.allRoles,
        searchable: true,
        options: (options?.roles ?? []).map((role) => ({ value: role, label: roleLabel(role) })),
        width: 240,
      },
      ...(manyInstansi
        ? [
            {
              kind: 'select' as const,
              key: 'instansiId',
              label: idAkun.instansi,
              placeholder: t.allInstansi,
              searchable: true,
              options: (options?.instansi ?? []).map((i) => ({ value: String(i.id), label: i.nama })),
              width: 260,
            },
          ]
        : []),
    ],
    filterActions: (
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => edit('new')}
        disabled={!options}
        ml="auto"
      >
        {t.add}
      </Button>
    ),
    onRowOpen: (row) => edit(row),
    rowLabel: (row) => `${row.fullname} (${row.username})`,
  };
}

export function PenggunaPage() {
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: ['pengguna', 'options'], queryFn: ({ signal }) => getPenggunaOptions(signal) });
  const [editing, setEditing] = useState<PenggunaRow | 'new' | null>(null);
  const [created, setCreated] = useState<{ username: string; temporaryPassword: string } | null>(null);
  const manyInstansi = (options.data?.instansi.length ?? 0) > 1;
  const description = useMemo(
    () => penggunaDescription(options.data, manyInstansi, setEditing),
    [options.data, manyInstansi],
  );

  const closeForm = (result?: { username: string; temporaryPassword: string }) => {
    setEditing(null);
    if (result) setCreated(result);
    void queryClient.invalidateQueries({ queryKey: ['pengguna'] });
  };

  return (
    <Stack gap="md">
      <ListScreen description={description} />
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
