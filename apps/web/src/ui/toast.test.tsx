// spec §9 toast timings and the spec §4 lifecycle, on fake timers.

import { MantineProvider } from '@mantine/core';
import { TOAST } from '@portal/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './ToastHost';
import { clearToasts, getToasts, holdToast, releaseToast, showError, showInfo, showSuccess, tapToast } from './toast';

const states = () => getToasts().map((toast) => `${toast.message}:${toast.state}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('toast lifecycle and timings', () => {
  it('goes inactive → active → removed → gone: 5000 ms shown, 300 ms ease', () => {
    showInfo('Tersimpan');
    expect(states()).toEqual(['Tersimpan:inactive']);
    vi.advanceTimersByTime(0);
    expect(states()).toEqual(['Tersimpan:active']);
    vi.advanceTimersByTime(TOAST.timeoutMs - 1);
    expect(states()).toEqual(['Tersimpan:active']);
    vi.advanceTimersByTime(1);
    expect(states()).toEqual(['Tersimpan:removed']);
    vi.advanceTimersByTime(TOAST.easeMs - 1);
    expect(states()).toEqual(['Tersimpan:removed']);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('stays while the pointer is over it and leaves 1000 ms after the pointer does', () => {
    const toastId = showError('Gagal');
    vi.advanceTimersByTime(4000);
    holdToast(toastId);
    vi.advanceTimersByTime(60_000);
    expect(states()).toEqual(['Gagal:active']);
    releaseToast(toastId);
    vi.advanceTimersByTime(TOAST.extendedTimeoutMs - 1);
    expect(states()).toEqual(['Gagal:active']);
    vi.advanceTimersByTime(1);
    expect(states()).toEqual(['Gagal:removed']);
  });

  it('puts the newest on top, keeps duplicates and has no limit', () => {
    for (let n = 0; n < 30; n += 1) showSuccess('Sama');
    showInfo('Terbaru');
    expect(getToasts()).toHaveLength(31);
    expect(getToasts()[0]?.message).toBe('Terbaru');
  });

  it('a tap runs the toast action once and dismisses it', () => {
    const onTap = vi.fn();
    const toastId = showInfo({ title: 'Versi terbaru tersedia', message: 'Klik disini untuk update', onTap });
    vi.advanceTimersByTime(0);
    tapToast(toastId);
    tapToast(toastId);
    expect(onTap).toHaveBeenCalledTimes(1);
    expect(states()).toEqual(['Klik disini untuk update:removed']);
  });
});

describe('ToastHost', () => {
  function renderHost() {
    return render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );
  }

  it('shows title and message without a close button; hover and click follow the rules', () => {
    renderHost();
    act(() => {
      showInfo({ title: 'Versi terbaru tersedia', message: 'Klik disini untuk update' });
      vi.advanceTimersByTime(0);
    });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Versi terbaru tersedia');
    expect(toast.textContent).toContain('Klik disini untuk update');
    expect(toast.getAttribute('data-state')).toBe('active');
    expect(toast.querySelector('button')).toBeNull();

    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(TOAST.timeoutMs * 2));
    expect(toast.getAttribute('data-state')).toBe('active');
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(TOAST.extendedTimeoutMs));
    expect(toast.getAttribute('data-state')).toBe('removed');
    act(() => vi.advanceTimersByTime(TOAST.easeMs));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('errors are alerts, newest first, and Enter dismisses like a tap', () => {
    renderHost();
    act(() => {
      showError('Pertama');
      showError('Kedua');
      vi.advanceTimersByTime(0);
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Kedua', 'Pertama']);
    fireEvent.keyDown(alerts[0] as HTMLElement, { key: 'Enter' });
    expect(alerts[0]?.getAttribute('data-state')).toBe('removed');
    fireEvent.click(alerts[1] as HTMLElement);
    expect(alerts[1]?.getAttribute('data-state')).toBe('removed');
  });
});
