import { type ReactNode, useId } from 'react';
import { sectionHeadingClass } from './simulate-classes';

/** A part of the simulator's side panel: a region named by its heading. */
export function SimulateSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={sectionHeadingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}
