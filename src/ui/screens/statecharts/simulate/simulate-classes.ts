/** The simulator's shared Tailwind classes (theme colours from the CSS variables, light and dark). */
export const buttonClass =
  'inline-flex min-h-9 items-center rounded-md border border-line bg-surface px-3 py-1 text-sm text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50';
export const primaryButtonClass =
  'inline-flex min-h-9 items-center rounded-md bg-brand px-3 py-1 text-sm font-medium text-brand-contrast hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50';
export const smallButtonClass =
  'inline-flex min-h-8 items-center rounded-md px-2 text-xs text-fg-muted underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand';
export const editorClass =
  'block w-full rounded-md border border-line bg-surface px-2 py-1 font-mono text-xs text-fg focus:border-brand focus:outline-2 focus:outline-brand/40 aria-[invalid=true]:border-danger';
export const sectionHeadingClass = 'mb-2 text-sm font-semibold text-fg';
export const selectClass =
  'block h-9 w-full rounded-md border border-line bg-surface px-2 text-sm text-fg focus:border-brand focus:outline-2 focus:outline-brand/40';
