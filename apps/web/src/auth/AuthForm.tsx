// The form of every auth screen (issue #6), written once: its fields' values and messages
// (useFields), the failure shown above the fields, and the one submit button that is disabled
// with a spinner while the call runs (spec §4 loading flag). Light: the sign-in route uses it.

import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { idAuth } from '../i18n/auth';

type Errors<T> = Partial<Record<keyof T & string, string | undefined>>;

/**
 * The values of a form's text fields and their messages. `field(name)` gives an input its
 * name, value, onChange and error (`clean` tidies what is typed); `check(errors)` shows the
 * messages (a field without one may be left out or undefined) and says whether there were none.
 */
export function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const set = (name: keyof T & string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const field = (name: keyof T & string, clean: (value: string) => string = (value) => value) => ({
    name,
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => set(name, clean(e.currentTarget.value)),
    error: errors[name],
  });
  const check = (found: Errors<T>) => {
    setErrors(found);
    return Object.values(found).every((message) => !message);
  };
  return { values, errors, set, field, check };
}

/** A failure above the fields (the server's message as sent), in an alert. */
export function ErrorAlert({
  message,
  title = idAuth.loginFailedTitle,
  color = 'red',
}: {
  message: string | null;
  title?: string;
  color?: string;
}) {
  if (!message) return null;
  return (
    <Alert role="alert" color={color} icon={<IconAlertCircle aria-hidden />} title={title}>
      {message}
    </Alert>
  );
}

export function AuthForm({
  onSubmit,
  busy,
  submit,
  above,
  children,
  labelledBy,
}: {
  /** Called with the browser's own submission already prevented. */
  onSubmit: () => void;
  busy: boolean;
  submit: string;
  /** What stands above the fields: the failure, or a title. */
  above?: ReactNode;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-labelledby={labelledBy}
    >
      <Stack gap="md">
        {above}
        {children}
        <Button type="submit" fullWidth loading={busy} disabled={busy}>
          {submit}
        </Button>
      </Stack>
    </form>
  );
}
