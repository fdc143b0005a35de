import { type ReactNode, useId } from 'react';

/** A titled region of a screen (a landmark named by its heading). */
export function Section({
  title,
  action,
  children,
  className = '',
}: {
  title: string;
  /** a link or button beside the heading ("All campaigns") */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`flex min-w-0 flex-col gap-2 ${className}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
