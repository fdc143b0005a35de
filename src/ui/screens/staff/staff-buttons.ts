/** The staff console's buttons, in the portal's tokens (light and dark follow the theme's variables). */
export const primaryButton =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-60';
export const secondaryButton =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md border border-line px-4 font-medium text-fg hover:bg-surface-sunken disabled:opacity-60';
export const cardClass = 'rounded-lg border border-line bg-surface-raised p-4 shadow-sm';
