export const labelClass = 'mb-1 block font-medium';
export const inputClass =
  'block w-full h-11 desktop:h-9 rounded-md border border-line bg-surface-raised px-3 text-fg placeholder:text-fg-muted focus:border-brand focus:outline-2 focus:outline-brand/40';
