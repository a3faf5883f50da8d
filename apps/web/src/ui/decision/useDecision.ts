// The behaviour of every decision on a detail page (issue #19): the draft kept in the browser
// until the decision is sent, validation in the user's words, the one confirmation rule, the
// keyboard, and a 409 (someone else changed the record) answered with a reload. The page
// describes its draft, its check, its call and its outcome; DecisionPanel draws it.

import type { TrackId } from '@portal/contract';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/http';

/**
 * The one confirmation rule (docs/decisions.md): a decision that does not come back to its author
 * is confirmed in a dialog naming its outcome; one that does (the supervisor can return it, or the
 * author can still change it) is saved at once, and the panel says why.
 */
export type Outcome =
  | { settles: true; title: string; describe: ReactNode; ask: string }
  | { settles: false; note: string };

export interface DecisionAction {
  id: string;
  label: string;
  /** Ctrl/⌘ + this key sends with this action, also while typing ('Enter', 's'). */
  hotkey?: 'Enter' | 's';
  /** How the button looks: the main action is filled. */
  variant?: 'filled' | 'default' | 'light';
  color?: string;
  leftSection?: ReactNode;
}

export interface DecisionSpec<D, R = unknown> {
  /** Where the draft is kept until sent; null: no draft. */
  draftKey: string | null;
  initial: () => D;
  /** What keeps the decision from being sent, in the user's words; null when it can be. */
  validate: (draft: D, action: string) => string | null;
  outcome: (draft: D, action: string) => Outcome;
  send(draft: D, action: string): Promise<R>;
  onSent?(result: R, draft: D, action: string): void | Promise<void>;
  /** After a 409 the user asks for the record again; the page decides what of the draft stays. */
  onReload: () => void | Promise<void>;
  actions: DecisionAction[];
  /** Single keys outside text fields, by `event.key` (letters lower case). */
  keys?: Record<string, (event: KeyboardEvent) => void>;
  /** The help overlay's lines: [keys, what]. */
  shortcuts: [string, string][];
  /** Off while the user may not decide (the keyboard then does nothing). */
  enabled?: boolean;
  /** Each change of the draft (the verifier's first edit claims the applicant). */
  onEdit?: () => void;
  /**
   * An action that moves on before its answer (issue #32: the verifier's "Simpan & berikutnya"
   * draws the next applicant while the decision travels): `pindah` runs as soon as the decision is
   * sent. The draft stays in the browser until the answer is a success (then `onSent` runs, the
   * page may be gone by then); a failure is said by `gagal`, which offers the way back to the draft.
   */
  sebelumJawaban?: {
    action: string;
    pindah: (draft: D) => void | Promise<void>;
    gagal: (error: Error, draft: D) => void;
  };
}

export interface Decision<D, R = unknown> {
  spec: DecisionSpec<D, R>;
  draft: D;
  /** Changes the draft (kept in the browser) and clears the shown problem. */
  update: (change: Partial<D> | ((previous: D) => D)) => void;
  /** The draft came back from the browser's storage. */
  restored: boolean;
  problem: string | null;
  conflict: string | null;
  pending: string | null;
  /** The action waiting for the dialog's answer. */
  confirming: { action: string; outcome: Extract<Outcome, { settles: true }> } | null;
  /** Validates, then confirms (if the outcome settles) or sends. */
  request: (action?: string) => void;
  confirm: () => void;
  cancel: () => void;
  reload: () => void;
  help: boolean;
  setHelp: (open: boolean) => void;
}

function readDraft<D>(key: string | null): D | null {
  if (!key) return null;
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as D) : null;
  } catch {
    return null;
  }
}

export const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable);

export function useDecision<D, R = unknown>(spec: DecisionSpec<D, R>): Decision<D, R> {
  const [stored] = useState(() => readDraft<D>(spec.draftKey));
  const [draft, setDraft] = useState<D>(() => stored ?? spec.initial());
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Decision<D, R>['confirming']>(null);
  const [help, setHelp] = useState(false);
  const latest = useRef({ spec, draft, pending, confirming });
  latest.current = { spec, draft, pending, confirming };
  // Sending without a render (the move-on path): a second request meanwhile is refused by this.
  const mengirim = useRef(false);

  const update = useCallback((change: Partial<D> | ((previous: D) => D)) => {
    setProblem(null);
    latest.current.spec.onEdit?.();
    setDraft((previous) => {
      const next = typeof change === 'function' ? change(previous) : { ...previous, ...change };
      const key = latest.current.spec.draftKey;
      // Written on a change only: opening a record leaves no draft behind.
      if (key) localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  }, []);

  const send = useCallback(async (action: string) => {
    const { spec: current, draft: values } = latest.current;
    setConfirming(null);
    const dulu = current.sebelumJawaban?.action === action ? current.sebelumJawaban : null;
    if (dulu) {
      // Moving on: the page being left is not drawn again (its "sending" state would be seen by
      // nobody, and that render delayed the next one's, issue #32); it shows it only if it stays.
      mengirim.current = true;
      const jawaban = current.send(values, action).then(
        async (result) => {
          if (current.draftKey) localStorage.removeItem(current.draftKey);
          await current.onSent?.(result, values, action);
        },
        (error: unknown) => dulu.gagal(error instanceof Error ? error : new Error(String(error)), values),
      );
      await dulu.pindah(values);
      // Still here (nothing to move on to, or moving failed): the answer is waited for as always.
      setPending(action);
      await jawaban;
      mengirim.current = false;
      setPending(null);
      return;
    }
    setPending(action);
    let result: R;
    try {
      result = await current.send(values, action);
    } catch (error) {
      setPending(null);
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else setProblem(error instanceof Error ? error.message : String(error));
      return;
    }
    setPending(null);
    if (current.draftKey) localStorage.removeItem(current.draftKey);
    await current.onSent?.(result, values, action);
  }, []);

  const request = useCallback(
    (action?: string) => {
      const { spec: current, draft: values, pending: busy, confirming: asking } = latest.current;
      const chosen = action ?? current.actions[0]?.id ?? '';
      if (busy || mengirim.current || current.enabled === false) return;
      if (asking) {
        // Ctrl+Enter again while the dialog asks: the same as its button.
        void send(asking.action);
        return;
      }
      const wrong = current.validate(values, chosen);
      if (wrong) {
        setProblem(wrong);
        return;
      }
      const outcome = current.outcome(values, chosen);
      if (outcome.settles) setConfirming({ action: chosen, outcome });
      else void send(chosen);
    },
    [send],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const current = latest.current.spec;
      if (current.enabled === false || event.defaultPrevented) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod) {
        const hotkey = current.actions.find(
          (item) => item.hotkey && item.hotkey.toLowerCase() === event.key.toLowerCase(),
        );
        if (hotkey) {
          event.preventDefault();
          request(hotkey.id);
        }
        return;
      }
      if (event.altKey || isTyping(event.target) || latest.current.confirming) return;
      if (event.key === '?') {
        setHelp(true);
        return;
      }
      const handler = current.keys?.[event.key] ?? current.keys?.[event.key.toLowerCase()];
      handler?.(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [request]);

  return {
    spec,
    draft,
    update,
    restored: stored !== null,
    problem,
    conflict,
    pending,
    confirming,
    request,
    confirm: () => {
      if (confirming) void send(confirming.action);
    },
    cancel: () => setConfirming(null),
    reload: () => {
      setConflict(null);
      void spec.onReload();
    },
    help,
    setHelp,
  };
}

/** What every decision panel of a detail page is given: the record, its track, and a reload. */
export interface DetailProps<Detail, Track = TrackId> {
  detail: Detail;
  track: Track;
  onReload: () => void;
}

/**
 * What a decision with a required reason sends: the record's `version` and the draft, checked by
 * `validate` (so nothing chosen is missing), with its reason trimmed.
 */
export function withReason<D extends { alasan: string }>(version: number, draft: D) {
  return { ...(draft as { [K in keyof D]: NonNullable<D[K]> }), version, alasan: draft.alasan.trim() };
}
