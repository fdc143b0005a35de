/** The settings forms' buttons (44 px on phones through tap-target). */
export const primaryButtonClass =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60';
export const secondaryButtonClass =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md border border-line bg-surface-raised px-4 font-medium text-fg hover:bg-surface-sunken disabled:opacity-60';
export const dangerButtonClass =
  'tap-target inline-flex items-center justify-center gap-2 rounded-md border border-danger/40 bg-surface-raised px-4 font-medium text-danger hover:bg-danger-soft disabled:opacity-60';
