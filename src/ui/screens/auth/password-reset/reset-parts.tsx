import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';

export const primaryButtonClass =
  'tap-target inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-70';
export const secondaryButtonClass =
  'tap-target inline-flex w-full items-center justify-center gap-2 rounded-md border border-line bg-surface-raised px-4 font-medium text-fg hover:bg-surface-sunken disabled:opacity-70';
export const noteClass = 'rounded-md border border-line bg-surface px-3 py-2 text-fg-muted';
export const alertClass = 'rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-danger';

/**
 * A step's title and explanation. The title takes the focus when the step appears, so keyboard and
 * screen-reader users start reading the new step (the URL changed under them).
 */
export function StepHeader({ title, text }: { title: string; text: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mb-4 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-lg font-semibold tracking-wide focus:outline-none">
        {title}
      </h1>
      <p className="mt-2 text-fg-muted">{text}</p>
    </div>
  );
}

/** A form's submit button: disabled with a spinner while the call runs; the busy words are announced. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  spinning = busy,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** this button's own call runs (another call of the form may keep it disabled without a spinner) */
  spinning?: boolean;
}) {
  return (
    <>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {spinning ? <Spinner className="size-4" /> : null}
        {label}
      </button>
      {/* the live region exists before it is filled so screen readers announce the change */}
      <p role="status" className="sr-only">
        {spinning ? busyLabel : ''}
      </p>
    </>
  );
}

/** Too many requests (429): how long to wait, when the server said. */
export function ThrottleNote({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className={alertClass}>
      {seconds === null ? t('auth.reset.throttledLater') : t('auth.reset.throttled', { seconds })}
    </p>
  );
}

export function StepBody({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-4">{children}</div>;
}
