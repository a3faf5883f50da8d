// The Mantine theme: Poppins (spec §9), a BKN-like blue as primary colour, the layout breakpoints
// of spec §3 in em, a focus ring for keyboard users, and names for the kit's close buttons.

import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { LAYOUT } from '@portal/contract';
import { idCommon } from '../i18n/common';
import { readablePalettes } from './contrast';

/** Ten shades around BKN's #0B5FA5 (index 6). */
export const BKN_BLUE: MantineColorsTuple = [
  '#e7f1fb',
  '#cde0f4',
  '#9bbfe6',
  '#669cd8',
  '#3b7fcc',
  '#1f6cc3',
  '#0b5fa5',
  '#084f8a',
  '#063f6f',
  '#032f54',
];

const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  fontFamily: `${LAYOUT.font}, system-ui, -apple-system, 'Segoe UI', sans-serif`,
  headings: { fontFamily: `${LAYOUT.font}, system-ui, -apple-system, 'Segoe UI', sans-serif` },
  // Issue #19: the dark shades of every palette read as text on the page (contrast.ts).
  colors: readablePalettes({ ...DEFAULT_THEME.colors, bkn: BKN_BLUE }, [
    '#ffffff',
    DEFAULT_THEME.colors.gray[0],
    DEFAULT_THEME.colors.gray[1],
  ]),
  primaryColor: 'bkn',
  primaryShade: 6,
  focusRing: 'auto',
  // Users who ask their system for less motion get none: modals, menus and toasts appear at once.
  respectReducedMotion: true,
  defaultRadius: 'md',
  breakpoints: {
    xs: em(480),
    sm: em(LAYOUT.breakpoints.sm),
    md: em(LAYOUT.breakpoints.md),
    lg: em(LAYOUT.breakpoints.lg),
    xl: em(LAYOUT.breakpoints.xl),
    xxl: em(LAYOUT.breakpoints.xxl),
  },
  // Every icon button has a name (issue #19): the kit's close buttons say "Tutup". Plain objects,
  // not Modal.extend(…): importing the components here would put them in the initial JS (#22).
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': idCommon.tutup } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': idCommon.tutup } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': idCommon.tutup } } },
    // The clear button of clearable fields (dates, selects) shows only a cross.
    InputClearButton: { defaultProps: { 'aria-label': idCommon.kosongkan } },
  },
});
