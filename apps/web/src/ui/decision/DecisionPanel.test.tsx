// The one decision panel (issue #19): the confirmation rule, the draft, a 409 with its reload,
// and the keyboard – on a small described decision, as a detail page describes its own.

import { MantineProvider, Textarea } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { idKeputusan } from '../../i18n/keputusan';
import { DecisionPanel } from './DecisionPanel';
import { type Outcome, useDecision } from './useDecision';

type Choice = 'TERIMA' | 'TOLAK';
interface Draft {
  pilihan: Choice | null;
  alasan: string;
}

const DRAFT_KEY = 'uji-draft:1:1';

function Keputusan({
  settles,
  send,
  onReload = () => undefined,
  draftKey = DRAFT_KEY,
  onSent,
  sebelumJawaban,
}: {
  settles: boolean;
  send: (draft: Draft, action: string) => Promise<unknown>;
  onReload?: () => void;
  draftKey?: string | null;
  onSent?: () => void;
  sebelumJawaban?: { action: string; pindah: () => void; gagal: (error: Error, draft: Draft) => void };
}) {
  const decision = useDecision<Draft>({
    draftKey,
    initial: () => ({ pilihan: null, alasan: '' }),
    validate: (draft) => (!draft.pilihan ? 'Pilih jawaban.' : draft.alasan.trim().length < 5 ? 'Alasan wajib.' : null),
    outcome: (draft): Outcome =>
      settles
        ? { settles: true, title: 'Kirim jawaban', describe: `Jawaban ${draft.pilihan} berlaku.`, ask: 'Kirim?' }
        : { settles: false, note: 'Atasan memeriksanya.' },
    send,
    onSent,
    onReload,
    sebelumJawaban,
    actions: [{ id: 'kirim', label: 'Kirim', hotkey: 'Enter' }],
    keys: { a: () => decision.update({ pilihan: 'TERIMA' }), b: () => decision.update({ pilihan: 'TOLAK' }) },
    shortcuts: [
      ['A', 'Terima'],
      ['B', 'Tolak'],
    ],
  });
  return (
    <DecisionPanel
      decision={decision}
      title="Jawaban"
      choice={{
        label: 'Pilihan',
        choices: [
          { value: 'TERIMA', label: 'Terima', color: 'teal' },
          { value: 'TOLAK', label: 'Tolak', color: 'red' },
        ],
        value: decision.draft.pilihan,
        onChange: (pilihan) => decision.update({ pilihan }),
      }}
    >
      <Textarea
        label="Alasan"
        value={decision.draft.alasan}
        onChange={(event) => decision.update({ alasan: event.currentTarget.value })}
      />
    </DecisionPanel>
  );
}

const show = (props: Parameters<typeof Keputusan>[0]) =>
  render(
    <MantineProvider>
      <Keputusan {...props} />
    </MantineProvider>,
  );

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByText('Tolak'));
  fireEvent.change(screen.getByLabelText('Alasan'), { target: { value: 'Tidak sesuai berkas' } });
}

// Generous: the machine running the suite is shared.
describe('the decision panel', { timeout: 30_000 }, () => {
  it('confirms a decision that does not come back to its author in a dialog naming the outcome', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    show({ settles: true, send });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kirim jawaban' });
    expect(dialog.textContent).toContain('Jawaban TOLAK berlaku.');
    expect(send).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: idKeputusan.batal }));
    expect(send).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kirim' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ pilihan: 'TOLAK', alasan: 'Tidak sesuai berkas' }, 'kirim'),
    );
  });

  it('saves a decision that comes back to its author at once, and says why there is no dialog', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    show({ settles: false, send });
    expect(screen.getByText('Atasan memeriksanya.')).toBeTruthy();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    show({ settles: false, send });
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(screen.getByRole('alert').textContent).toContain('Pilih jawaban.');
    await user.click(screen.getByText('Terima'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(screen.getByRole('alert').textContent).toContain('Alasan wajib.');
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the draft in the browser until sent, brings it back with a notice, then forgets it', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    const first = show({ settles: false, send });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    await fill(user);
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null')).toEqual({
      pilihan: 'TOLAK',
      alasan: 'Tidak sesuai berkas',
    });
    first.unmount();

    show({ settles: false, send });
    expect(screen.getByText(idKeputusan.drafPulih)).toBeTruthy();
    expect((screen.getByLabelText('Alasan') as HTMLTextAreaElement).value).toBe('Tidak sesuai berkas');
    expect((screen.getByRole('radio', { name: 'Tolak' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
  });

  it('answers a 409 with the server’s message and a reload, keeping what was typed', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ApiError(409, 'KONFLIK_VERSI', 'Data ini telah diubah oleh pengguna lain.');
    });
    const onReload = vi.fn();
    show({ settles: false, send, onReload });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Data ini telah diubah oleh pengguna lain.');
    await user.click(within(alert).getByRole('button', { name: idKeputusan.muatUlang }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Alasan') as HTMLTextAreaElement).value).toBe('Tidak sesuai berkas');
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });

  it('another failure is shown in words, the draft kept', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ApiError(422, 'DI_LUAR_JADWAL', 'Jadwal sudah ditutup.');
    });
    show({ settles: false, send });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Jadwal sudah ditutup.');
    expect(screen.queryByRole('button', { name: idKeputusan.muatUlang })).toBeNull();
  });

  it('takes its keys outside text fields, Ctrl+Enter everywhere, and lists them on "?"', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    show({ settles: true, send });
    fireEvent.keyDown(document.body, { key: 'b' });
    expect((screen.getByRole('radio', { name: 'Tolak' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(document.body, { key: 'A' });
    expect((screen.getByRole('radio', { name: 'Terima' }) as HTMLInputElement).checked).toBe(true);
    // Typed into the reason, "b" is a letter, not a choice.
    await user.type(screen.getByLabelText('Alasan'), 'bukti');
    fireEvent.change(screen.getByLabelText('Alasan'), { target: { value: 'bukti lengkap' } });
    expect((screen.getByRole('radio', { name: 'Terima' }) as HTMLInputElement).checked).toBe(true);
    // Ctrl+Enter from inside the text field asks to confirm; again, it confirms.
    fireEvent.keyDown(screen.getByLabelText('Alasan'), { key: 'Enter', ctrlKey: true });
    expect((await screen.findByRole('dialog', { name: 'Kirim jawaban' })).textContent).toContain(
      'Jawaban TERIMA berlaku.',
    );
    fireEvent.keyDown(document.body, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(send).toHaveBeenCalledWith({ pilihan: 'TERIMA', alasan: 'bukti lengkap' }, 'kirim'));
    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: idKeputusan.pintasan });
    expect(help.textContent).toContain('Tolak');
    expect(help.textContent).toContain('Ctrl + Enter');
  });
  it('moves on before the answer when the action asks to; the draft goes once the answer is a success', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => undefined;
    const send = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const onSent = vi.fn();
    const urutan: string[] = [];
    // The page being left is not drawn again before it moves on (issue #32): no "sending" state yet.
    const pindah = vi.fn(() => {
      const kirim = screen.getByRole('button', { name: 'Kirim' });
      urutan.push(kirim.hasAttribute('data-loading') ? 'pindah setelah digambar ulang' : 'pindah');
    });
    const gagal = vi.fn();
    show({ settles: false, send, onSent, sebelumJawaban: { action: 'kirim', pindah, gagal } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    // Moved on while the decision is still on its way, which is not forgotten meanwhile.
    await waitFor(() => expect(pindah).toHaveBeenCalledTimes(1));
    expect(urutan).toEqual(['pindah']);
    // Still here (the test has no next page): it shows the decision travelling, and a second
    // Ctrl+Enter sends nothing more.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kirim' }).hasAttribute('data-loading')).toBe(true));
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    expect(send).toHaveBeenCalledTimes(1);
    expect(onSent).not.toHaveBeenCalled();
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
    answer({ ok: true });
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(gagal).not.toHaveBeenCalled();
  });

  it('a refusal after moving on is said by the page, the draft kept for the way back', async () => {
    const user = userEvent.setup();
    let refuse: (error: Error) => void = () => undefined;
    const send = vi.fn(() => new Promise((_, reject) => (refuse = reject)));
    const onSent = vi.fn();
    const pindah = vi.fn();
    const gagal = vi.fn();
    const view = show({ settles: false, send, onSent, sebelumJawaban: { action: 'kirim', pindah, gagal } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(pindah).toHaveBeenCalledTimes(1));
    // The page has gone (the next record took its place) before the answer comes.
    view.unmount();
    refuse(new ApiError(422, 'DI_LUAR_JADWAL', 'Jadwal sudah ditutup.'));
    await waitFor(() => expect(gagal).toHaveBeenCalledTimes(1));
    expect(gagal.mock.calls[0]?.[0].message).toBe('Jadwal sudah ditutup.');
    expect(gagal.mock.calls[0]?.[1]).toEqual({ pilihan: 'TOLAK', alasan: 'Tidak sesuai berkas' });
    expect(onSent).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null')).toEqual({
      pilihan: 'TOLAK',
      alasan: 'Tidak sesuai berkas',
    });
  });
});
