// The original tool used Mantine v5 defaults: blue primary, small radius, 250 ms transitions.
// Breakpoints are the spec's 576/768/992/1200/1400 px expressed in em.
import { createTheme } from '@mantine/core';

export const TRANSITION_MS = 250;

// Plain objects rather than `Modal.extend(…)`: importing the components here would put them (and
// the positioning library behind menus and tooltips) into the sign-in page's download.
const transition = { defaultProps: { transitionProps: { duration: TRANSITION_MS } } };

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '87.5em' },
  fontFamily:
    '-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif, Apple Color Emoji, Segoe UI Emoji',
  components: {
    Modal: transition,
    Drawer: transition,
    Tooltip: transition,
    Popover: transition,
    Menu: transition,
  },
});
