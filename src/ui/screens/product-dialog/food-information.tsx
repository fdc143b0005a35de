import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../domain/types';

/**
 * The ingredients and the allergens the product contains, which EU food-information rules ask a
 * seller at a distance to show before the order is placed; nothing at all for a product (or a
 * backend) that declares neither. The allergens stand out from the text around them, as the
 * regulation asks, and are named in the customer's language.
 */
export function FoodInformation({ product }: { product: Pick<Product, 'ingredients' | 'allergens'> }) {
  const { t } = useTranslation();
  const id = useId();
  const ingredients = product.ingredients ?? '';
  const allergens = product.allergens ?? [];
  if (ingredients === '' && allergens.length === 0) return null;
  return (
    <>
      {ingredients !== '' && (
        <section aria-labelledby={`${id}-ingredients`}>
          <h3 id={`${id}-ingredients`} className="font-semibold">
            {t('product.ingredients')}
          </h3>
          <p dir="auto" className="mt-1 whitespace-pre-line text-fg-muted">
            {ingredients}
          </p>
        </section>
      )}
      {allergens.length > 0 && (
        <section aria-labelledby={`${id}-allergens`}>
          <h3 id={`${id}-allergens`} className="font-semibold">
            {t('product.allergens')}
          </h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {allergens.map((code) => (
              <li
                key={code}
                className="rounded-full border border-line bg-surface-sunken px-3 py-0.5 font-semibold text-fg"
              >
                <strong>{t(`allergen.${code}`)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
