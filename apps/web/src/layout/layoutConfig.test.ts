import { STORAGE_KEYS } from '@portal/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentLayoutConfig,
  defaultLayoutConfig,
  discardLayoutDraft,
  initLayoutConfig,
  type LayoutConfig,
  loadLayoutConfig,
  previewLayoutConfig,
  resetLayoutConfig,
  saveLayoutConfig,
} from './layoutConfig';

describe('loadLayoutConfig (spec §3/§4)', () => {
  beforeEach(() => localStorage.clear());

  it('returns the spec defaults when nothing is saved', () => {
    const config = loadLayoutConfig(localStorage);
    expect(config).toEqual(defaultLayoutConfig());
    expect(config.content.width).toBe('fluid');
    expect(config.header).toEqual({ fixedDesktop: true, fixedMobile: true });
    expect(config.aside).toMatchObject({ display: true, fixed: true });
    expect(config.extras.userPanel).toBe('offcanvas');
    expect(config.breakpoints).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
  });

  it('removes an unparsable saved config and falls back to the defaults', () => {
    localStorage.setItem(STORAGE_KEYS.layoutConfig, '{not json');
    expect(loadLayoutConfig(localStorage)).toEqual(defaultLayoutConfig());
    expect(localStorage.getItem(STORAGE_KEYS.layoutConfig)).toBeNull();
  });

  it('removes a saved value that is JSON but not a layout config', () => {
    localStorage.setItem(STORAGE_KEYS.layoutConfig, JSON.stringify({ header: 'yes' }));
    expect(loadLayoutConfig(localStorage)).toEqual(defaultLayoutConfig());
    expect(localStorage.getItem(STORAGE_KEYS.layoutConfig)).toBeNull();
  });

  it('keeps a valid saved config', () => {
    const saved: LayoutConfig = { ...defaultLayoutConfig(), extras: { userPanel: 'dropdown' } };
    localStorage.setItem(STORAGE_KEYS.layoutConfig, JSON.stringify(saved));
    expect(loadLayoutConfig(localStorage).extras.userPanel).toBe('dropdown');
    expect(localStorage.getItem(STORAGE_KEYS.layoutConfig)).not.toBeNull();
  });

  it('unfixes the subheader when the desktop header is not fixed', () => {
    const saved: LayoutConfig = {
      ...defaultLayoutConfig(),
      header: { fixedDesktop: false, fixedMobile: true },
      subheader: { display: true, fixed: true },
    };
    localStorage.setItem(STORAGE_KEYS.layoutConfig, JSON.stringify(saved));
    expect(loadLayoutConfig(localStorage).subheader).toEqual({ display: true, fixed: false });
  });

  it('keeps a fixed subheader under a fixed desktop header', () => {
    const saved: LayoutConfig = { ...defaultLayoutConfig(), subheader: { display: true, fixed: true } };
    localStorage.setItem(STORAGE_KEYS.layoutConfig, JSON.stringify(saved));
    expect(loadLayoutConfig(localStorage).subheader.fixed).toBe(true);
  });

  it('removes a saved config with a colour the theme does not have', () => {
    localStorage.setItem(STORAGE_KEYS.layoutConfig, JSON.stringify({ ...defaultLayoutConfig(), primaryColor: 'ungu' }));
    expect(loadLayoutConfig(localStorage)).toEqual(defaultLayoutConfig());
    expect(localStorage.getItem(STORAGE_KEYS.layoutConfig)).toBeNull();
  });
});

describe('layout config store', () => {
  beforeEach(() => {
    localStorage.clear();
    initLayoutConfig();
  });

  it('previews without storing; saving stores the normalised config; reset forgets it', () => {
    const draft: LayoutConfig = {
      ...defaultLayoutConfig(),
      header: { fixedDesktop: false, fixedMobile: false },
      subheader: { display: true, fixed: true },
    };
    previewLayoutConfig(draft);
    expect(currentLayoutConfig().header.fixedDesktop).toBe(false);
    expect(currentLayoutConfig().subheader.fixed).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.layoutConfig)).toBeNull();

    discardLayoutDraft();
    expect(currentLayoutConfig()).toEqual(defaultLayoutConfig());

    saveLayoutConfig(draft);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.layoutConfig) ?? 'null');
    expect(stored.subheader.fixed).toBe(false);
    expect(initLayoutConfig()).toEqual(stored);

    resetLayoutConfig();
    expect(localStorage.getItem(STORAGE_KEYS.layoutConfig)).toBeNull();
    expect(currentLayoutConfig()).toEqual(defaultLayoutConfig());
  });

  it('stores under the version-prefixed layoutConfig key', () => {
    expect(STORAGE_KEYS.layoutConfig).toMatch(/^\d{8}-\d{4}-layoutConfig$/);
  });
});
