export const headerButtonClass =
  'tap-target inline-flex items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-fg';
