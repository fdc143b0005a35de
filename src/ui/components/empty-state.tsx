import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-line bg-surface-raised px-4 py-6 text-center text-fg-muted">
      {children}
    </p>
  );
}
