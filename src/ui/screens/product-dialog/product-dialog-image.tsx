import { Maximize2, Minimize2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../domain/types';
import { ProductImage } from '../../components/product-image';

/** Spec point 2: the image enlarges on a click (and shrinks back on the next). */
export function ProductDialogImage({
  product,
  enlarged,
  onToggle,
}: {
  product: Product;
  enlarged: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const Icon = enlarged ? Minimize2 : Maximize2;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={enlarged}
      aria-label={t('product.enlargeImage')}
      className="group relative block self-start overflow-hidden rounded-lg border border-line bg-white"
    >
      <ProductImage
        src={product.image}
        alt={product.name}
        className={
          enlarged ? 'h-auto max-h-[70dvh] w-full' : 'aspect-square h-auto max-h-56 w-full md:max-h-none'
        }
      />
      <span className="absolute end-2 bottom-2 rounded-md bg-black/60 p-1.5 text-white opacity-80 group-hover:opacity-100">
        <Icon aria-hidden="true" className="size-4" />
      </span>
    </button>
  );
}
