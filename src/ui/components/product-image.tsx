import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/** A product or brand picture; an icon in its place when the image cannot be loaded. */
export function ProductImage({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center rounded-md bg-surface-sunken text-fg-muted ${className}`}
      >
        <ImageOff aria-hidden="true" className="size-1/2 max-h-8 max-w-8" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`rounded-md bg-white object-contain ${className}`}
    />
  );
}
