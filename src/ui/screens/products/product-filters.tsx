import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedRef } from '../../../domain/types';
import { selectBrands, selectSortedCategories } from '../../../machines/catalogue.selectors';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';

interface ProductFiltersProps {
  category: number | null;
  brand: number | null;
  onChange: (filter: 'category' | 'brand', id: number | null) => void;
}

/** Category and brand filters of the product list (native selects: the phone's own picker on touch). */
export function ProductFilters({ category, brand, onChange }: ProductFiltersProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const categories = useSelector(useCatalogueResource('categories'), (snapshot) =>
    selectSortedCategories(snapshot, language),
  );
  const brands = useSelector(useCatalogueResource('brands'), selectBrands);
  return (
    <div className="flex flex-wrap gap-3">
      <FilterSelect
        label={t('products.filterCategory')}
        allLabel={t('products.allCategories')}
        options={categories}
        value={category}
        onChange={(id) => onChange('category', id)}
      />
      <FilterSelect
        label={t('products.filterBrand')}
        allLabel={t('products.allBrands')}
        options={brands}
        value={brand}
        onChange={(id) => onChange('brand', id)}
      />
    </div>
  );
}

function FilterSelect(props: {
  label: string;
  allLabel: string;
  options: readonly NamedRef[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { label, allLabel, options, value, onChange } = props;
  const id = useId();
  // Until the list arrives, a preselected id (from the home page) still shows as chosen.
  const known = value === null || options.some((option) => option.id === value);
  return (
    <div className="flex min-w-48 flex-1 flex-col sm:flex-none">
      <label htmlFor={id} className="mb-1 font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        className="h-11 rounded-md border border-line bg-surface-raised px-2 desktop:h-9"
      >
        <option value="">{allLabel}</option>
        {!known && <option value={value ?? ''}>{value}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
