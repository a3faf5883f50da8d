// The layout configuration of spec §3/§4: its shape, the defaults, how a saved one is read, and
// the one store the main layout, the theme and the builder (/builder) share. The builder edits a
// draft that the whole layout shows live; "Simpan" writes it under the version-prefixed key.

import { LAYOUT, STORAGE_KEYS } from '@portal/contract';
import { useSyncExternalStore } from 'react';

/** Primary colours the builder offers (Mantine palettes; `bkn` is the theme's own). */
export const PRIMARY_COLORS = ['bkn', 'indigo', 'teal', 'green', 'grape', 'orange'] as const;
export type PrimaryColor = (typeof PRIMARY_COLORS)[number];

export interface LayoutConfig {
  header: { fixedDesktop: boolean; fixedMobile: boolean };
  subheader: { display: boolean; fixed: boolean };
  aside: { display: boolean; fixed: boolean; minimize: boolean };
  footer: { fixed: boolean };
  content: { width: 'fluid' | 'fixed' };
  extras: { userPanel: 'offcanvas' | 'dropdown' };
  primaryColor: PrimaryColor;
  breakpoints: { sm: number; md: number; lg: number; xl: number; xxl: number };
}

/** spec §3 defaults: fluid widths, fixed header on desktop and mobile, aside shown and fixed,
 * user panel as an offcanvas, the primary colour, the spec's breakpoints. */
export function defaultLayoutConfig(): LayoutConfig {
  return {
    header: { fixedDesktop: true, fixedMobile: true },
    subheader: { display: true, fixed: false },
    aside: { display: true, fixed: true, minimize: false },
    footer: { fixed: false },
    content: { width: 'fluid' },
    extras: { userPanel: 'offcanvas' },
    primaryColor: 'bkn',
    breakpoints: { ...LAYOUT.breakpoints },
  };
}

type Shape = { [key: string]: 'boolean' | 'string' | 'number' | readonly string[] | Shape };

const SHAPE: Shape = {
  header: { fixedDesktop: 'boolean', fixedMobile: 'boolean' },
  subheader: { display: 'boolean', fixed: 'boolean' },
  aside: { display: 'boolean', fixed: 'boolean', minimize: 'boolean' },
  footer: { fixed: 'boolean' },
  content: { width: ['fluid', 'fixed'] },
  extras: { userPanel: ['offcanvas', 'dropdown'] },
  primaryColor: PRIMARY_COLORS,
  breakpoints: { sm: 'number', md: 'number', lg: 'number', xl: 'number', xxl: 'number' },
};

function matches(value: unknown, shape: Shape): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([key, expected]) => {
    const field = record[key];
    if (Array.isArray(expected)) return typeof field === 'string' && expected.includes(field);
    if (typeof expected === 'string') return typeof field === expected;
    return matches(field, expected as Shape);
  });
}

export function isLayoutConfig(value: unknown): value is LayoutConfig {
  return matches(value, SHAPE);
}

/** spec §4: a subheader cannot stay fixed under a header that scrolls away. */
export function normaliseLayoutConfig(config: LayoutConfig): LayoutConfig {
  if (config.subheader.fixed && !config.header.fixedDesktop) {
    return { ...config, subheader: { ...config.subheader, fixed: false } };
  }
  return config;
}

/**
 * spec §4 layout initialisation: read the saved config; if it cannot be parsed (or is not a
 * layout config) remove it and use the defaults; then apply the fixed-subheader rule.
 */
export function loadLayoutConfig(storage: Storage = localStorage): LayoutConfig {
  const raw = storage.getItem(STORAGE_KEYS.layoutConfig);
  if (raw === null) return defaultLayoutConfig();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!isLayoutConfig(parsed)) {
    storage.removeItem(STORAGE_KEYS.layoutConfig);
    return defaultLayoutConfig();
  }
  return normaliseLayoutConfig(parsed);
}

// --- The store -----------------------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
let saved: LayoutConfig | undefined;
let draft: LayoutConfig | undefined;

function publish(): void {
  for (const listener of listeners) listener();
}

/** spec §4 layout initialisation, run at startup (and again by tests). */
export function initLayoutConfig(storage: Storage = localStorage): LayoutConfig {
  saved = loadLayoutConfig(storage);
  draft = undefined;
  publish();
  return saved;
}

/** The configuration on screen: the builder's unsaved draft, else the saved one. */
export function currentLayoutConfig(): LayoutConfig {
  if (!saved) saved = loadLayoutConfig();
  return draft ?? saved;
}

export function savedLayoutConfig(): LayoutConfig {
  if (!saved) saved = loadLayoutConfig();
  return saved;
}

export function hasLayoutDraft(): boolean {
  return draft !== undefined;
}

/** Shows a configuration without saving it (the builder's live preview). */
export function previewLayoutConfig(config: LayoutConfig): void {
  draft = normaliseLayoutConfig(config);
  publish();
}

export function discardLayoutDraft(): void {
  if (!draft) return;
  draft = undefined;
  publish();
}

export function saveLayoutConfig(config: LayoutConfig, storage: Storage = localStorage): LayoutConfig {
  const next = normaliseLayoutConfig(config);
  storage.setItem(STORAGE_KEYS.layoutConfig, JSON.stringify(next));
  saved = next;
  draft = undefined;
  publish();
  return next;
}

/** "Kembalikan ke bawaan": forget the saved configuration. */
export function resetLayoutConfig(storage: Storage = localStorage): LayoutConfig {
  storage.removeItem(STORAGE_KEYS.layoutConfig);
  saved = defaultLayoutConfig();
  draft = undefined;
  publish();
  return saved;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutConfig(): LayoutConfig {
  return useSyncExternalStore(subscribe, currentLayoutConfig, currentLayoutConfig);
}

export function useHasLayoutDraft(): boolean {
  return useSyncExternalStore(subscribe, hasLayoutDraft, hasLayoutDraft);
}
