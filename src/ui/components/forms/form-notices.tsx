import type { ReactNode } from 'react';

export const noteClass = 'rounded-md border border-line bg-surface-raised px-4 py-3 text-fg';
export const refusalClass = 'rounded-md border border-danger/40 bg-danger-soft px-4 py-3 text-danger';

/** What went through ("Changes saved."), announced politely; nothing when there is no note. */
export function FormNote({ children }: { children: ReactNode }) {
  return children ? (
    <p role="status" className={noteClass}>
      {children}
    </p>
  ) : null;
}

/** Why the form did not go through (a refusal the server explained), announced at once; nothing without one. */
export function FormRefusal({ children }: { children: ReactNode }) {
  return children ? (
    <p role="alert" className={refusalClass}>
      {children}
    </p>
  ) : null;
}
