// Issue #32: the state of a form's problems — a message per field, a message that names no field,
// and how many times a submit failed (each failure moves the focus to the summary again).

import { useCallback, useState } from 'react';
import { type FieldErrors, hasErrors, serverFieldErrors } from './fieldErrors';

export interface FormErrors {
  errors: FieldErrors;
  /** A failure that names no field of the form (the server's message, already Indonesian). */
  message: string | null;
  /** Bumped by every failed submit: ErrorSummary takes the focus each time. */
  attempt: number;
  /** A submit found these problems (none: the form is clean). Returns whether it is clean. */
  check: (found: FieldErrors) => boolean;
  /** A send failed: its fields marked when it was a 400 naming them, else `message` shown. */
  failed: (error: unknown, message: string) => void;
  /** A field was changed: its mark goes away. */
  clear: (field: string) => void;
  /**
   * A field was checked on its own, as it was left or chosen (a NIP, a logo file): it is marked
   * now, and the focus stays where the user is. A submit's `check` replaces every mark, so it finds
   * the same problem again (the summary lists what a submit found).
   */
  mark: (field: string, message: string) => void;
}

export function useFormErrors(): FormErrors {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const check = useCallback((found: FieldErrors) => {
    setErrors(found);
    setMessage(null);
    if (!hasErrors(found)) return true;
    setAttempt((n) => n + 1);
    return false;
  }, []);

  const failed = useCallback((error: unknown, text: string) => {
    const fields = serverFieldErrors(error);
    setErrors(fields);
    // The fields say it all; a failure naming none is said as the server said it.
    setMessage(hasErrors(fields) ? null : text);
    setAttempt((n) => n + 1);
  }, []);

  const clear = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _fixed, ...rest } = current;
      return rest;
    });
  }, []);

  const mark = useCallback((field: string, text: string) => {
    setErrors((current) => (current[field] === text ? current : { ...current, [field]: text }));
  }, []);

  return { errors, message, attempt, check, failed, clear, mark };
}
