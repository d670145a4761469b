import { constants } from '@keywright/contract';
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text and links above 4.5:1 contrast.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.25' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.05rem', lineHeight: '1.4' },
    },
  },
  components: {
    Tooltip: { defaultProps: { openDelay: constants.tooltipDelayMs, withArrow: true } },
    ActionIcon: { defaultProps: { variant: 'subtle' } },
    Anchor: { defaultProps: { underline: 'hover' } },
    Button: { defaultProps: { fw: 600 } },
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: {
      defaultProps: { centered: true, radius: 'md' },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Drawer: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
    // A <header> inside a dialog would count as a second banner landmark.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    ModalCloseButton: { defaultProps: { 'aria-label': 'Close dialog' } },
    DrawerCloseButton: { defaultProps: { 'aria-label': 'Close menu' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Table: { defaultProps: { verticalSpacing: 'sm', horizontalSpacing: 'md' } },
  },
});

/**
 * Dimmed text one step darker than Mantine's default, and field errors in red.9 rather than red.6
 * (3.3:1), for 4.5:1 contrast on white and gray-0.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636e', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
