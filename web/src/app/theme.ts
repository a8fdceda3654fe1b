// The original tool used Mantine v5 defaults: blue primary, small radius, 250 ms transitions.
// Breakpoints are the spec's 576/768/992/1200/1400 px expressed in em.
import { createTheme, Drawer, Menu, Modal, Popover, Tooltip } from '@mantine/core';

export const TRANSITION_MS = 250;

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '87.5em' },
  fontFamily:
    '-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif, Apple Color Emoji, Segoe UI Emoji',
  components: {
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: TRANSITION_MS } } }),
    Drawer: Drawer.extend({ defaultProps: { transitionProps: { duration: TRANSITION_MS } } }),
    Tooltip: Tooltip.extend({ defaultProps: { transitionProps: { duration: TRANSITION_MS } } }),
    Popover: Popover.extend({ defaultProps: { transitionProps: { duration: TRANSITION_MS } } }),
    Menu: Menu.extend({ defaultProps: { transitionProps: { duration: TRANSITION_MS } } }),
  },
});
