// The one toast helper (spec §9): top-right, newest on top, 5000 ms, no close button, no
// progress bar, a click dismisses. Mantine lists a position oldest-first, so each toast gets a
// rising `priority` to put the newest on top. Options of the <Notifications> host: ToastHost.tsx.

import { notifications } from '@mantine/notifications';
import { TOAST } from '@portal/contract';

let sequence = 0;

type Kind = 'error' | 'info' | 'success';
const COLORS: Record<Kind, string> = { error: 'red', info: 'blue', success: 'teal' };

function show(kind: Kind, message: string, title?: string): string {
  sequence += 1;
  const toastId = `toast-${sequence}`;
  notifications.show({
    id: toastId,
    message,
    title,
    color: COLORS[kind],
    priority: sequence,
    autoClose: TOAST.timeoutMs,
    withCloseButton: TOAST.closeButton,
    withAutoCloseProgress: TOAST.progressBar,
    onClick: TOAST.tapToDismiss ? () => notifications.hide(toastId) : undefined,
    style: { cursor: 'pointer' },
    'data-toast': kind,
  });
  return toastId;
}

export const showError = (message: string, title?: string) => show('error', message, title);
export const showInfo = (message: string, title?: string) => show('info', message, title);
export const showSuccess = (message: string, title?: string) => show('success', message, title);
