// Renders the toast store (toast.ts): a fixed top-right stack, newest on top. Each toast fades
// in while it turns active and fades out over the ease when removed. Keyboard users reach a
// toast with Tab and dismiss (or act on) it with Enter or Space, as a tap would.

import { Notification, Portal } from '@mantine/core';
import { TOAST } from '@portal/contract';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type KeyboardEvent, useSyncExternalStore } from 'react';
import { getToasts, holdToast, releaseToast, subscribeToasts, type Toast, type ToastKind, tapToast } from './toast';

const LOOK: Record<ToastKind, { color: string; icon: typeof IconInfoCircle }> = {
  error: { color: 'red', icon: IconAlertTriangle },
  info: { color: 'bkn', icon: IconInfoCircle },
  success: { color: 'teal', icon: IconCircleCheck },
};

function ToastItem({ toast }: { toast: Toast }) {
  const { color, icon: Icon } = LOOK[toast.kind];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    tapToast(toast.id);
  };
  return (
    <Notification
      role={toast.kind === 'error' ? 'alert' : 'status'}
      tabIndex={0}
      data-toast={toast.kind}
      data-state={toast.state}
      color={color}
      icon={<Icon size={20} aria-hidden />}
      title={toast.title}
      withCloseButton={TOAST.closeButton}
      withBorder
      onClick={() => tapToast(toast.id)}
      onKeyDown={onKeyDown}
      onMouseEnter={() => holdToast(toast.id)}
      onMouseLeave={() => releaseToast(toast.id)}
      className="toast"
    >
      {toast.message}
    </Notification>
  );
}

export function ToastHost() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Portal>
      <section
        className="toast-stack"
        aria-label="Notifikasi"
        style={{ ['--toast-ease' as string]: `${TOAST.easeMs}ms` }}
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </section>
    </Portal>
  );
}
