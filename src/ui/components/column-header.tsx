/** Where a column gives way on narrow screens (the data cells under it must hide the same way). */
const hiddenBelow = {
  sm: 'max-sm:hidden',
  lg: 'max-lg:hidden',
  desktop: 'max-desktop:hidden',
} as const;

/**
 * A table's column header: a `columnheader` named by its label, aligned like the figures or words
 * under it (logical start/end so Arabic mirrors), optionally left out below a breakpoint.
 */
export function ColumnHeader({
  label,
  align = 'start',
  hideBelow,
  padding = 'px-3 py-2',
}: {
  label: string;
  align?: 'start' | 'end';
  hideBelow?: keyof typeof hiddenBelow;
  /** a denser table (quick order, the live log) keeps its own spacing */
  padding?: string;
}) {
  const alignment = align === 'end' ? 'text-end' : 'text-start';
  const hidden = hideBelow ? ` ${hiddenBelow[hideBelow]}` : '';
  return (
    <th scope="col" className={`${padding} ${alignment} font-medium${hidden}`}>
      {label}
    </th>
  );
}
