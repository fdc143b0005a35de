export const primaryButton =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md border border-line bg-surface-raised px-4 font-medium text-fg hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-60';
export const linkButton = 'tap-target inline-flex items-center gap-2 font-medium text-brand underline';
