import { createTheme } from '@mantine/core';
import { MOBILE_BREAKPOINT_PX } from '../../domain/constants.ts';

/** Brand colours chosen for contrast (WCAG AA on white for primary text and buttons). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: {
    brand: ['#e8f1fa', '#cfe0f2', '#9fc1e6', '#6ba0da', '#4284cf', '#2a72c8', '#1f66bd', '#1c5d99', '#154a7c', '#0c3a63'],
  },
  // md is the spec's mobile breakpoint (960 px): the drawer closes below it.
  breakpoints: { xs: '36em', sm: '48em', md: `${MOBILE_BREAKPOINT_PX / 16}em`, lg: '75em', xl: '88em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'sm',
  components: {
    // The show/hide password button is a control like any other: reachable with Tab.
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
  },
  cursorType: 'pointer',
});
