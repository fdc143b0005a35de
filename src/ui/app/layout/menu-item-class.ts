/** Shared by links and the logout button so the whole menu reads as one list. */
export const menuItemClass =
  'tap-target flex w-full items-center gap-3 rounded-md px-3 font-medium text-fg-muted hover:bg-surface-sunken hover:text-fg aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand';

/** Collapsed sidebar: labels are only visually hidden (they stay the accessible names) until hover or focus. */
export const collapsedLabelClass =
  'sr-only group-hover/sidebar:not-sr-only group-focus-within/sidebar:not-sr-only group-hover/sidebar:whitespace-nowrap';
