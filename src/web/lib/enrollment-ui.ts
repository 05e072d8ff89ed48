/**
 * Small presentational constants shared by the learning screens, chosen for WCAG AA contrast on
 * white and on Mantine's light badge backgrounds (the default red and green text fall short).
 */
import type { CSSProperties } from 'react';

/** Set on a screen's root: field messages and error borders below it use a darker red. */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/** Dark green text for "viewed", "passed" and "completed" marks. */
export const SUCCESS_TEXT = '#1b5e20';

/** Alert titles in the dark shade of their colour (Mantine's light alert titles fall short of AA). */
export const darkTitle = (color: 'green' | 'red' | 'orange' | 'blue') => ({
  title: { color: color === 'green' ? SUCCESS_TEXT : `var(--mantine-color-${color}-9)` },
});
