import { LoaderCircleIcon } from './sign-in-icons';

/** A decorative spinner: the surrounding element says in words what is happening. */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return <LoaderCircleIcon className={`animate-spin motion-reduce:animate-none ${className}`} />;
}
