import { useState } from 'react';

interface LogoProps {
  /** configured image URL, null when the supplier has none or the configuration is not loaded yet */
  src: string | null;
  siteName: string;
  className?: string;
}

/** The supplier's logo; the site name as text while there is none or when the image fails to load. */
export function Logo({ src, siteName, className = 'h-8' }: LogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
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
      onError={() => setFailedSrc(src)}
    />
  );
}
