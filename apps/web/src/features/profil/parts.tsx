// The pieces of the profile page's sections: the card, the message under a form, and one action at a
// time — a form's failure on its fields with the one form pattern (issue #32, ui/form/).

import { Alert, Group, Paper, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../../auth/AuthCard';
import { idAkun } from '../../i18n/akun';
import { focusField } from '../../ui/form/ErrorSummary';
import { serverFieldErrors } from '../../ui/form/fieldErrors';
import type { FormErrors } from '../../ui/form/useFormErrors';
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

export function Feedback({ error = null, success }: { error?: string | null; success?: string | null }) {
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

/**
 * Runs one call with a busy flag; its failure is said as the server said it (already Indonesian),
 * as `error` for Feedback to show. Given a form's problems (issue #32, ui/form/), a 400 naming the
 * form's fields marks them instead, and `error` is the form's message (none when the fields say it
 * all); a form without a summary names its fields' ids (`focus`, in the order shown) and the first
 * one marked takes the focus.
 * `change`: a call that changes the account; once it succeeded, `done` with its answer and the
 * profile fetched again. `submit`: the same as a form's submit handler.
 */
export function useAction(form?: FormErrors, focus?: Readonly<Record<string, string>>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefresh();
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    // A new attempt: the last one's marks and message are gone.
    form?.check({});
    try {
      return await call();
    } catch (e) {
      if (!form) {
        setError(errorMessage(e));
        return undefined;
      }
      form.failed(e, errorMessage(e));
      const named = serverFieldErrors(e);
      const first = Object.entries(focus ?? {}).find(([field]) => named[field]);
      if (first) focusField(first[1]);
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
  return { busy, error: form ? form.message : error, run, change, submit };
}
