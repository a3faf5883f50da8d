// The one toast mechanism of the SPA (spec §9): top-right, newest on top, 5000 ms, the timer
// stops while the pointer is over a toast and it leaves 1000 ms after the pointer does, 300 ms
// ease, no close button, no progress bar, unlimited open, no duplicate prevention, a tap dismisses
// (and runs the toast's own action, e.g. "update now"). Each toast passes through the lifecycle of
// spec §4: inactive (mounted, fading in) → active (shown, timer running) → removed (fading out),
// then it is dropped. The timers live here, not in components, so the rules are tested with fake
// timers and hold whatever renders them (ToastHost.tsx).

import { TOAST } from '@portal/contract';

export type ToastKind = 'error' | 'info' | 'success';
export type ToastState = 'inactive' | 'active' | 'removed';

export interface ToastOptions {
  message: string;
  title?: string;
  /** Runs when the user taps the toast, before it is dismissed. */
  onTap?: () => void;
}

export interface Toast extends ToastOptions {
  id: number;
  kind: ToastKind;
  state: ToastState;
}

type Listener = () => void;

let sequence = 0;
/** Newest first: the order they are shown in. */
let toasts: readonly Toast[] = [];
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function setState(toastId: number, state: ToastState): void {
  publish(toasts.map((toast) => (toast.id === toastId ? { ...toast, state } : toast)));
}

function schedule(toastId: number, delayMs: number, action: () => void): void {
  clearTimeout(timers.get(toastId));
  timers.set(toastId, setTimeout(action, delayMs));
}

function isActive(toastId: number): boolean {
  return toasts.some((toast) => toast.id === toastId && toast.state === 'active');
}

/** Starts the fade-out; the toast is dropped once the ease has run. */
export function dismissToast(toastId: number): void {
  if (!toasts.some((toast) => toast.id === toastId && toast.state !== 'removed')) return;
  setState(toastId, 'removed');
  schedule(toastId, TOAST.easeMs, () => {
    timers.delete(toastId);
    publish(toasts.filter((toast) => toast.id !== toastId));
  });
}

function show(kind: ToastKind, input: string | ToastOptions): number {
  const options = typeof input === 'string' ? { message: input } : input;
  sequence += 1;
  const toastId = sequence;
  publish([{ ...options, id: toastId, kind, state: 'inactive' }, ...toasts]);
  // One tick as "inactive" lets the host render it transparent, so activating it fades it in.
  schedule(toastId, 0, () => {
    setState(toastId, 'active');
    schedule(toastId, TOAST.timeoutMs, () => dismissToast(toastId));
  });
  return toastId;
}

export const showError = (input: string | ToastOptions) => show('error', input);
export const showInfo = (input: string | ToastOptions) => show('info', input);
export const showSuccess = (input: string | ToastOptions) => show('success', input);

/** Pointer over an active toast: it stays until the pointer leaves. */
export function holdToast(toastId: number): void {
  if (isActive(toastId)) clearTimeout(timers.get(toastId));
}

/** Pointer left: the toast goes after the extended timeout. */
export function releaseToast(toastId: number): void {
  if (isActive(toastId)) schedule(toastId, TOAST.extendedTimeoutMs, () => dismissToast(toastId));
}

export function tapToast(toastId: number): void {
  const toast = toasts.find((candidate) => candidate.id === toastId);
  if (!toast || toast.state === 'removed') return;
  toast.onTap?.();
  if (TOAST.tapToDismiss) dismissToast(toastId);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

/** Tests: forget every toast and timer. */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  publish([]);
}
