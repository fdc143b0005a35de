import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

export type ResourceStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected';

interface ResourceStateProps {
  status: ResourceStatus;
  isEmpty: boolean;
  loadingLabel: string;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * The four faces of a lazily loaded list: loading, failed with retry, empty, or the content.
 * A reload keeps showing the previous content (spec point 4).
 */
export function ResourceState({
  status,
  isEmpty,
  loadingLabel,
  emptyText,
  onRetry,
  children,
}: ResourceStateProps) {
  if (status === 'new' || status === 'loading') return <LoadingState label={loadingLabel} />;
  if (status === 'rejected' && isEmpty) return <ErrorState onRetry={onRetry} />;
  if (isEmpty) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <>
      {status === 'rejected' && <ErrorState onRetry={onRetry} />}
      {children}
    </>
  );
}
