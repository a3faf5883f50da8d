// The pieces of the profile page's sections: the card, the message under a form, and one action at a time.

import { Alert, Group, Paper, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../api/http';
import { errorMessage } from '../../auth/AuthCard';
import { idAkun } from '../../i18n/akun';
import { useRefresh } from '../../ui/useRefresh';

export const t = idAkun.profil;
export const PROFILE_KEY = ['profil'] as const;

export function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Group gap="xs" mb="md">
        {icon}
        <Title order={2} size="h5" fw={600}>
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

export function Feedback({ error, success }: { error: string | null; success?: string | null }) {
  if (error) {
    return (
      <Alert role="alert" color="red" icon={<IconAlertCircle aria-hidden />}>
        {error}
      </Alert>
    );
  }
  if (success) {
    return (
      <Alert role="status" color="teal" icon={<IconCircleCheck aria-hidden />}>
        {success}
      </Alert>
    );
  }
  return null;
}

/** The fields a 400 names (`details`: [{field: 'body.password', message}]), by the body's field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) return {};
  const fields: Record<string, string> = {};
  for (const issue of error.details as { field?: unknown; message?: unknown }[]) {
    if (typeof issue?.field !== 'string' || typeof issue.message !== 'string') continue;
    const name = issue.field.replace(/^body\./, '');
    fields[name] ??= issue.message;
  }
  return fields;
}

/**
 * Runs one call with a busy flag and an error message (the server's, already Indonesian), and the
 * fields a refusal names (`fieldErrors`, to show under the inputs).
 * `change`: a call that changes the account; once it succeeded, `done` with its answer and the
 * profile fetched again. `submit`: the same as a form's submit handler.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const refresh = useRefresh();
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      return await call();
    } catch (e) {
      setError(errorMessage(e));
      setFieldErrors(fieldErrorsOf(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  async function change<T>(call: () => Promise<T>, done?: (result: T) => void): Promise<void> {
    // Wrapped, so that a call answering nothing still counts as done.
    const outcome = await run(async () => ({ result: await call() }));
    if (!outcome) return;
    done?.(outcome.result);
    void refresh(PROFILE_KEY);
  }
  const submit =
    <T,>(call: () => Promise<T>, done?: (result: T) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void change(call, done);
    };
  return { busy, error, fieldErrors, run, change, submit, setError };
}
