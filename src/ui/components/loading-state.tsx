import { Spinner } from './spinner';

/** A section's data is on its way: a spinner with the words for screen readers. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 px-1 py-4 text-fg-muted">
      <Spinner className="size-5 text-brand" />
      <span>{label}</span>
    </div>
  );
}
