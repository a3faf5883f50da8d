// The bulk actions of a described list: one button per action for the selected rows, each
// confirmed in a dialog (with the fields it asks, e.g. a reason) before it runs; the result as a
// toast naming what failed, and the list (and what depends on it) reloaded.

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { idList } from '../../i18n/list';
import { showError, showSuccess } from '../toast';
import type { BulkActionDescription, BulkValues } from './types';

function BulkAction({
  action,
  ids,
  invalidate,
  onDone,
}: {
  action: BulkActionDescription;
  ids: (number | string)[];
  invalidate: readonly unknown[][];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<BulkValues>(action.initialValues ?? {});
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setValues(action.initialValues ?? {});
    setProblem(null);
  };
  const run = useMutation({
    mutationFn: () => action.run(ids, values),
    onSuccess: (results) => {
      const failed = results.filter((result) => !result.ok);
      const message = action.resultMessage(results.length - failed.length, failed.length);
      if (failed.length === 0) showSuccess(message);
      else showError(`${message} ${failed.map((result) => `#${result.id}: ${result.message ?? ''}`).join(' ')}`);
      close();
      onDone();
      for (const key of invalidate) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => setProblem(error.message),
  });
  const submit = () => {
    const invalid = action.validate?.(values) ?? null;
    if (invalid) setProblem(invalid);
    else run.mutate();
  };
  return (
    <>
      <Button
        color={action.color}
        variant={action.variant ?? 'filled'}
        size="sm"
        leftSection={action.icon}
        onClick={() => setOpen(true)}
      >
        {action.label(ids.length)}
      </Button>
      <Modal opened={open} onClose={close} title={action.title} centered size={action.fields ? 'lg' : 'md'}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Text size="sm">{action.message(ids.length)}</Text>
            {action.fields?.({
              values,
              onChange: (next) => {
                setProblem(null);
                setValues(next);
              },
            })}
            {problem && (
              <Alert color="red" p="xs" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {idList.bulkCancel}
              </Button>
              <Button
                type="submit"
                color={action.color}
                loading={run.isPending}
                disabled={action.ready ? !action.ready(values) : false}
                data-autofocus={action.fields ? undefined : true}
              >
                {action.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

export function BulkActions({
  actions,
  ids,
  unavailable,
  invalidate,
  onDone,
}: {
  actions: BulkActionDescription[];
  ids: (number | string)[];
  unavailable?: string | null;
  invalidate: readonly unknown[][];
  onDone: () => void;
}) {
  if (ids.length === 0) return null;
  // Unavailable to this user: say why ('' when there is nothing to say).
  if (unavailable !== undefined && unavailable !== null) {
    return unavailable ? (
      <Alert color="gray" mb="sm" p="xs">
        {unavailable}
      </Alert>
    ) : null;
  }
  return (
    <Group mb="sm" gap="xs" role="group" aria-label={idList.bulkActions}>
      {actions.map((action) => (
        <BulkAction key={action.key} action={action} ids={ids} invalidate={invalidate} onDone={onDone} />
      ))}
    </Group>
  );
}
