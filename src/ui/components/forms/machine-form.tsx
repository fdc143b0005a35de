import { createContext, type FormEvent, type ReactNode, useContext } from 'react';

/**
 * A form in the form-submission shape takes no typing while its call runs (the call already carries
 * what was typed): its fields turn read-only then, so a key pressed meanwhile is visibly not taken
 * instead of silently dropped.
 */
const FormBusy = createContext(false);
export const useFormBusy = () => useContext(FormBusy);

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
  /** while its call runs: busy for assistive technology, fields read-only (left out when not given) */
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
      <FormBusy.Provider value={busy ?? false}>{children}</FormBusy.Provider>
    </form>
  );
}
