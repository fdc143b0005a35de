import { useState } from 'react';

interface LogoProps {
  /**
   * configured image URLs in order of preference (wide then square, or the other way round); null
   * where the supplier has none or the configuration is not loaded yet
   */
  sources: readonly (string | null | undefined)[];
  siteName: string;
  className?: string;
}

/**
 * The supplier's logo: the first configured image that loads, the site name as text while there is
 * none or when none loads (the backend's logo URLs may point at a host that is down, or be paths
 * the portal's own host does not serve).
 */
export function Logo({ sources, siteName, className = 'h-8' }: LogoProps) {
  const [failed, setFailed] = useState<readonly string[]>([]);
  const src = sources.find((source): source is string => !!source && !failed.includes(source));
  if (!src) {
    return (
      <span dir="auto" className="truncate text-base font-semibold tracking-tight text-brand">
        {siteName}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={siteName}
      // Suppliers' logos are drawn for light backgrounds: give them a light chip in the dark theme.
      className={`w-auto object-contain dark:rounded-md dark:bg-white/90 dark:px-1 ${className}`}
      onError={() => setFailed((before) => [...before, src])}
    />
  );
}
