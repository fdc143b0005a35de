import { LoaderCircle } from 'lucide-react';

/** A decorative spinner: the surrounding element says in words what is happening. */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <LoaderCircle aria-hidden="true" className={`animate-spin motion-reduce:animate-none ${className}`} />
  );
}
