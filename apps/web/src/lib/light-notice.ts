/**
 * Props of a light Alert tinted `color`. Mantine draws a light Alert whose colour names a shade
 * (such as 'yellow.9') as a solid fill with the title in that same colour, so the title vanished:
 * a plain colour keeps the tint, and the title takes the body's text colour, readable on every tint.
 */
export const lightNotice = (color: 'yellow' | 'blue' | 'orange' | 'red' | 'green') =>
  ({ color, variant: 'light', styles: { title: { color: 'var(--mantine-color-text)' } } }) as const;
