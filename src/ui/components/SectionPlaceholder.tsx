import { EmptyState } from './EmptyState';

/** A named section of a screen whose content arrives in a later issue. */
export function SectionPlaceholder({ title, emptyText }: { title: string; emptyText: string }) {
  const headingId = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      <EmptyState>{emptyText}</EmptyState>
    </section>
  );
}
