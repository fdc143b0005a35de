import { ScanBarcode } from 'lucide-react';

/** The scan button beside a search or code box: an icon with its name for screen readers and a tooltip. */
export function ScanButton({
  label,
  onClick,
  className = '',
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`tap-target inline-flex shrink-0 items-center justify-center rounded-md border border-line bg-surface-raised text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand ${className}`}
    >
      <ScanBarcode aria-hidden="true" className="size-5" />
    </button>
  );
}
