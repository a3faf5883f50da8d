// /admin/pengguna (issue #6): user administration as a described list (search, status, role
// and — for the super-admin — instansi filters; a name opens the account's form), a form to create an account (its temporary
// password shown once) and to edit or deactivate one. What may be granted comes from the server.

import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  namaPeran,
  PENGGUNA_SORT_COLUMNS,
  type PenggunaOptions,
  type PenggunaRow,
  penggunaCreateSchema,
  penggunaFilterSchema,
  penggunaUpdateSchema,
  ROLE_KELOMPOK,
  type Role,
} from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { createPengguna, getPenggunaOptions, postPenggunaList, updatePengguna } from '../../api/akun';
import { errorMessage } from '../../auth/AuthCard';
import { idAkun } from '../../i18n/akun';
import { idAuth } from '../../i18n/auth';
import { idForm } from '../../i18n/form';
import type { ListSpec } from '../../table/listState';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { type FieldErrors, issuesToFieldErrors } from '../../ui/form/fieldErrors';
import { useFormErrors } from '../../ui/form/useFormErrors';
import { ListScreen } from '../../ui/list/ListScreen';
import type { ListDescription } from '../../ui/list/types';
import { StatusLabel } from '../../ui/status/StatusBadges';

const t = idAkun.pengguna;
const SPEC: ListSpec = {
  filterKeys: Object.keys(penggunaFilterSchema.shape),
  sortColumns: PENGGUNA_SORT_COLUMNS,
};

interface FormValues {
  username: string;
  fullname: string;
  email: string;
  instansiId: string;
  roles: string[];
  active: boolean;
}

type Field = keyof Omit<FormValues, 'active'>;
const FIELD_ID: Record<Field, string> = {
  username: 'pengguna-username',
  fullname: 'pengguna-fullname',
  email: 'pengguna-email',
  instansiId: 'pengguna-instansi',
  roles: 'pengguna-roles',
};
const LABEL: Record<Field, string> = {
  username: idAuth.username,
  fullname: idAkun.fullname,
  email: idAkun.email,
  instansiId: idAkun.instansi,
  roles: t.rolesLabel,
};

/**
 * The form's problems before it is sent (issue #32): an empty field says it must be filled, any
 * other value is checked by the contract's schema — the same the server checks with.
 */
export function periksaPengguna(values: FormValues, creating: boolean): FieldErrors {
  const found: FieldErrors = {};
  const parsed = creating
    ? penggunaCreateSchema.safeParse({ ...values, instansiId: Number(values.instansiId) || 0 })
    : penggunaUpdateSchema.safeParse({ ...values, version: 1 });
  if (!parsed.success) Object.assign(found, issuesToFieldErrors(parsed.error.issues));
  const required: ('username' | 'fullname' | 'email')[] = creating
    ? ['username', 'fullname', 'email']
    : ['fullname', 'email'];
  for (const field of required) if (!values[field].trim()) found[field] = idForm.wajib(LABEL[field]);
  if (creating && !values.instansiId) found.instansiId = idForm.wajibPilih(LABEL.instansiId);
  return found;
}

/** The roles shown, by group: what the caller grants, and what the account holds beside it. */
function roleGroups(grantable: readonly string[], held: readonly string[]) {
  const shown = new Set([...grantable, ...held]);
  const groups = ROLE_KELOMPOK.map((k) => ({ judul: k.judul, roles: k.roles.filter((r) => shown.has(r)) as string[] }));
  const known = new Set<string>(ROLE_KELOMPOK.flatMap((k) => k.roles));
  const others = [...shown].filter((role) => !known.has(role));
  if (others.length > 0) groups.push({ judul: t.rolesLainnya, roles: others });
  return groups.filter((g) => g.roles.length > 0);
}

function PenggunaForm({
  options,
  editing,
  onDone,
  onCancel,
}: {
  options: PenggunaOptions;
  editing: PenggunaRow | null;
  onDone: (created?: { username: string; temporaryPassword: string }) => void;
  onCancel: () => void;
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
  const problems = useFormErrors();
  const { errors } = problems;
  const readOnly = editing !== null && !editing.bisaDiubah;
  const creating = editing === null;
  const set = (patch: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    for (const field of Object.keys(patch)) problems.clear(field);
  };
  const grantable = options.roles as readonly string[];
  const fields = (creating ? FIELDS_CREATE : FIELDS_EDIT).map((key) => ({ key, label: LABEL[key], id: FIELD_ID[key] }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !problems.check(periksaPengguna(values, creating))) return;
    setBusy(true);
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
      problems.failed(e, errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {readOnly && <Alert color="yellow">{t.readOnly}</Alert>}
        <ErrorSummary errors={errors} fields={fields} message={problems.message} attempt={problems.attempt} />
        <TextInput
          id={FIELD_ID.username}
          label={LABEL.username}
          required
          disabled={!creating}
          value={values.username}
          onChange={(e) => set({ username: e.currentTarget.value })}
          error={errors.username}
          data-autofocus={creating || undefined}
        />
        <TextInput
          id={FIELD_ID.fullname}
          label={LABEL.fullname}
          required
          disabled={readOnly}
          value={values.fullname}
          onChange={(e) => set({ fullname: e.currentTarget.value })}
          error={errors.fullname}
        />
        <TextInput
          id={FIELD_ID.email}
          label={LABEL.email}
          type="email"
          required
          disabled={readOnly}
          value={values.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={errors.email}
        />
        <Select
          id={FIELD_ID.instansiId}
          label={LABEL.instansiId}
          required
          searchable
          disabled={!creating}
          data={
            editing
              ? [{ value: String(editing.instansi.id), label: editing.instansi.nama }]
              : options.instansi.map((i) => ({ value: String(i.id), label: i.nama }))
          }
          value={values.instansiId || null}
          onChange={(value) => set({ instansiId: value ?? '' })}
          error={errors.instansiId}
        />
        <Checkbox.Group
          id={FIELD_ID.roles}
          label={LABEL.roles}
          description={t.rolesHint}
          value={values.roles}
          onChange={(roles) => set({ roles })}
          error={errors.roles}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" mt={6}>
            {roleGroups(grantable, values.roles).map((group) => (
              <Stack key={group.judul} gap={4} role="group" aria-label={t.rolesGroup(group.judul)}>
                <Text size="xs" fw={700} c="dimmed" aria-hidden>
                  {group.judul}
                </Text>
                {group.roles.map((role) => (
                  // Roles the caller does not grant stay as they are, shown for information.
                  <Checkbox
                    key={role}
                    value={role}
                    label={namaPeran(role)}
                    disabled={readOnly || !grantable.includes(role)}
                  />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
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
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {idForm.batal}
          </Button>
          <Button type="submit" loading={busy} disabled={readOnly}>
            {editing ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const FIELDS_CREATE: Field[] = ['username', 'fullname', 'email', 'instansiId', 'roles'];
const FIELDS_EDIT: Field[] = ['fullname', 'email', 'roles'];

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
                  {namaPeran(role)}
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
        options: (options?.roles ?? []).map((role) => ({ value: role, label: namaPeran(role) })),
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
          <PenggunaForm
            options={options.data}
            editing={editing === 'new' ? null : editing}
            onDone={closeForm}
            onCancel={() => setEditing(null)}
          />
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
