// The layout configuration of spec §3/§4: its shape, the defaults, and how a saved one is read.
// The builder screen that edits it comes later; the main layout only reads it.

import { LAYOUT, STORAGE_KEYS } from '@portal/contract';

export interface LayoutConfig {
  header: { fixedDesktop: boolean; fixedMobile: boolean };
  subheader: { display: boolean; fixed: boolean };
  aside: { display: boolean; fixed: boolean; minimize: boolean };
  footer: { fixed: boolean };
  content: { width: 'fluid' | 'fixed' };
  extras: { userPanel: 'offcanvas' | 'dropdown' };
  primaryColor: string;
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
  primaryColor: 'string',
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
