import { Spinner } from './spinner';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-fg-muted">
      <Spinner className="size-8 text-brand" />
      <span>{label}</span>
    </div>
  );
}
