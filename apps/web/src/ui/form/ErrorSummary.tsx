// Issue #32: the one way a form says what is wrong — a box above it, titled "Periksa isian
// berikut:", that takes the focus after a failed submit and lists every problem as a link to its
// field (which is marked with the same message, Mantine's `error`: aria-invalid and described).
// A problem the server names for a field the form does not show is listed in words, not linked.
// It lists what a submit found: a field marked as it is left (useFormErrors' `mark`) is marked on
// its own until a submit fails. A failure that names no field is said alone, without the title.

import { Alert, List } from '@mantine/core';
import { fieldLabel } from '@portal/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useId, useRef } from 'react';
import { idForm } from '../../i18n/form';
import type { FieldErrors } from './fieldErrors';

/** A field of the form as the summary names and finds it. */
export interface SummaryField {
  /** The key of its message in FieldErrors (its path in the request body). */
  key: string;
  label: string;
  /** The id of its input, or of an element around its inputs (a group of checkboxes). */
  id: string;
}

interface ErrorSummaryProps {
  errors: FieldErrors;
  /** The form's fields in the order they are shown: the problems are listed in that order. */
  fields: readonly SummaryField[];
  /** A failure that names no field. */
  message?: string | null;
  /** Bumped by every failed submit: the summary takes the focus each time (useFormErrors). */
  attempt: number;
}

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/** Moves the focus to a field (or the first input inside it), which scrolls it into view. */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? element).focus();
}

/** The last named segment of a path (`penandatangan.0.nip` → `nip`), in words. */
const labelOfPath = (path: string) => fieldLabel([...path.split('.')].reverse().find((s) => !/^\d+$/.test(s)) ?? path);

/** "Nama pengguna: harus diisi", but not "Nama pengguna: Nama pengguna wajib diisi." */
const named = (label: string, message: string) =>
  message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;

export function ErrorSummary({ errors, fields, message = null, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const known = fields.filter((f) => errors[f.key]);
  const others = Object.keys(errors).filter((key) => !fields.some((f) => f.key === key));
  const listed = known.length > 0 || others.length > 0;
  const visible = attempt > 0 && (listed || Boolean(message));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves once per failed submit, not on every edit.
  useEffect(() => {
    if (attempt > 0 && visible) ref.current?.focus();
  }, [attempt]);

  if (!visible) return null;
  const go = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Not the browser's jump to #id: the router owns the address, and a jump does not focus.
    event.preventDefault();
    focusField(id);
  };
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={listed ? titleId : undefined}
      color="red"
      icon={<IconAlertCircle aria-hidden />}
      title={listed ? <span id={titleId}>{idForm.periksa}</span> : undefined}
      data-testid="ringkasan-galat"
    >
      {message && <div>{message}</div>}
      {listed && (
        <List size="sm" spacing={2}>
          {known.map((field) => (
            <List.Item key={field.key}>
              <a href={`#${field.id}`} onClick={go(field.id)}>
                {named(field.label, errors[field.key] ?? '')}
              </a>
            </List.Item>
          ))}
          {others.map((key) => (
            <List.Item key={key}>{named(labelOfPath(key), errors[key] ?? '')}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
