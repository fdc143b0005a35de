import { type ReactNode, useEffect, useRef } from 'react';

export const primaryButtonClass =
  'tap-target inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-70';

/** The screen's title and explanation; the title takes the focus when a new stage appears. */
export function RegistrationHeader({ title, text, icon }: { title: string; text: string; icon?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mb-4 text-center">
      {icon}
      <h1 ref={heading} tabIndex={-1} className="text-lg font-semibold tracking-wide focus:outline-none">
        {title}
      </h1>
      <p className="mt-2 text-fg-muted">{text}</p>
    </div>
  );
}
