// The original tool used Mantine v5 defaults: blue primary, small radius, 250 ms transitions.
// Breakpoints are the original tool's 576/768/992/1200/1400 px expressed in em.
//
// Every text colour here reaches the WCAG AA contrast of 4.5:1 on white and on the grey page
// background (gray.0), which the end-to-end suite checks with axe-core on every screen. Mantine's
// defaults do not: its shade 6 (buttons, links), its dimmed and placeholder grey and its error red
// are near 3.3:1. The fixes live here, once, instead of in each component.
import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

export const TRANSITION_MS = 250;

// Plain objects rather than `Modal.extend(…)`: importing the components here would put them (and
// the positioning library behind menus and tooltips) into the sign-in page's download.
const transition = { defaultProps: { transitionProps: { duration: TRANSITION_MS } } };

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 of blue carries white text at 4.9:1 and is readable as link text (shade 6: 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '87.5em' },
  fontFamily:
    '-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif, Apple Color Emoji, Segoe UI Emoji',
  components: {
    Drawer: transition,
    Tooltip: transition,
    Popover: transition,
    Menu: transition,
    // Close buttons show only an ×: screen readers need their name.
    Modal: { defaultProps: { ...transition.defaultProps, closeButtonProps: { 'aria-label': 'Close' } } },
    // A spinner is named ("Loading") for screen readers; a name needs a role on its <span>.
    Loader: { defaultProps: { role: 'status' } },
    // A clearable file field's clear button is an × too.
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the chosen file' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notice' } },
      // Under a title Mantine greys the text with its shade 6 (3.3:1): use the readable dimmed.
      styles: (_: unknown, props: { title?: unknown }) => ({
        description: props.title ? { color: 'var(--mantine-color-dimmed)' } : {},
      }),
    },
    // A table wider than a phone scrolls sideways: keyboard users must be able to reach it.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * The light scheme's text colours made readable: grey secondary text (dimmed, placeholders),
 * error text, and the text of light badges and buttons (Mantine's shade 9 on shade 1 is 3.8:1 for
 * green), darkened by a quarter for every palette colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(mantineTheme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.25),
      ]),
    ),
  },
  dark: {},
});
