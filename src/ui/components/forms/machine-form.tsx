import type { FormEvent, ReactNode } from 'react';

/**
 * A form whose sending is its machine's business: the browser's own checks are off (the machine's
 * rules give each field its message) and Enter or the submit button only tells the machine.
 */
export function MachineForm({
  onSubmit,
  busy,
  className = 'flex flex-col gap-4',
  children,
}: {
  onSubmit: () => void;
  /** marks the form busy for assistive technology while its call runs (left out when not given) */
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className={className}>
      {children}
    </form>
  );
}
