import { type CSSVariablesResolver, type ExtendComponent, type ModalFactory, Notification, createTheme, darken } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'teal',
  // WCAG 2 AA (4.5:1 for body text): white on Mantine's default filled shade (6 in light, 8 in dark) reaches only
  // 2.5:1 to 4:1 for teal; shade 9 reaches 5:1. autoContrast puts dark text on light fills (yellow).
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // Toasts' close buttons need an accessible name (axe: button-name).
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    // So do the modals' (the route modals of the dashboard: edit, delete, role …). Written as the plain object that
    // Modal.extend would return: importing Modal here put it, ScrollArea and floating-ui in every page's first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } satisfies ExtendComponent<ModalFactory>,
  },
})

/**
 * Text colours that reach 4.5:1 on the backgrounds they sit on (checked with axe in e2e/a11y-public.spec.ts and
 * e2e/a11y-dashboard.spec.ts): 'dimmed' text, the text of light variants (badges, light buttons, alerts) on their
 * tinted background, and outline variants in the dark theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c646c',
    // Field errors (the message and the invalid field's text): Mantine's red 6 is 3.3:1 on white; red 9 is 5.4:1.
    '--mantine-color-error': t.colors.red![9],
    ...Object.fromEntries(Object.keys(t.colors).map((name) => [`--mantine-color-${name}-light-color`, darken(t.colors[name]![9], 0.3)])),
  },
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    // Red 8 on the dark body is 3:1; red 4 is 5.8:1.
    '--mantine-color-error': t.colors.red![4],
    // Outline badges and buttons: Mantine's shade 5 on the dark body reaches 3.7:1 to 4:1; shade 3 passes 4.5:1.
    ...Object.fromEntries(Object.keys(t.colors).map((name) => [`--mantine-color-${name}-outline`, t.colors[name]![3]])),
  },
})
