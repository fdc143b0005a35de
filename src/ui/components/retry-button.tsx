import { RotateCw } from 'lucide-react';

/** The way to try a failed request again, inside a danger alert (it keeps the page's text colour). */
export function RetryButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="tap-target inline-flex items-center gap-2 rounded-md border border-danger/40 bg-surface-raised px-3 font-medium text-fg hover:bg-surface-sunken"
    >
      <RotateCw aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
