import { Link } from 'wouter';
import type { Brand } from '../../../domain/types';
import { paths } from '../../app/routes';
import { ProductImage } from '../../components/product-image';

/** The brands, each leading to its catalog page. */
export function BrandList({ brands }: { brands: readonly Brand[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
      {brands.map((brand) => (
        <li key={brand.id}>
          <Link
            href={paths.catalogBrand(brand.id)}
            className="flex h-full items-center gap-2 rounded-lg border border-line bg-surface-raised p-2 hover:border-brand"
          >
            <ProductImage src={brand.image} alt="" className="size-10 shrink-0" />
            <span dir="auto" className="min-w-0 truncate font-medium [text-align:match-parent]">
              {brand.name}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
