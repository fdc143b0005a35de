import { Link } from 'wouter';
import type { Category } from '../../../domain/types';
import { paths } from '../../app/routes';

/** Spec point 2: each button opens /products/ with its category preselected. */
export function CategoryButtons({ categories }: { categories: readonly Category[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            href={paths.productsInCategory(category.id)}
            className="tap-target inline-flex items-center rounded-full border border-line bg-surface-raised px-4 font-medium hover:border-brand hover:text-brand"
          >
            <bdi>{category.name}</bdi>
          </Link>
        </li>
      ))}
    </ul>
  );
}
