import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedRef } from '../../../domain/types';
import {
  PRODUCT_SORTS,
  type ProductSort,
  selectBrands,
  selectSortedCategories,
} from '../../../machines/catalogue';
import { useCapability } from '../../hooks/use-capability';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { type ProductsAddress, shownSort } from './products-address';

interface ProductFiltersProps {
  address: ProductsAddress;
  onChange: (change: Partial<ProductsAddress>) => void;
}

const SORT_LABELS = {
  relevance: 'results.sortRelevance',
  name: 'results.sortName',
  price: 'results.sortPrice',
  newest: 'results.sortNewest',
} as const satisfies Record<ProductSort, string>;

/**
 * The list's order, category and brand filters and "in stock only" (native selects: the phone's
 * own picker on touch). Relevance is offered only with a search.
 */
export function ProductFilters({ address, onChange }: ProductFiltersProps) {
  const { category, brand } = address;
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const categories = useSelector(useCatalogueResource('categories'), (snapshot) =>
    selectSortedCategories(snapshot, language),
  );
  const hasBrands = useCapability('brands');
  const sortId = useId();
  const stockId = useId();
  const sorts = PRODUCT_SORTS.filter((sort) => sort !== 'relevance' || address.q !== null);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-48 flex-1 flex-col sm:flex-none">
        <label htmlFor={sortId} className="mb-1 font-medium">
          {t('results.sortLabel')}
        </label>
        <select
          id={sortId}
          value={shownSort(address)}
          onChange={(event) => onChange({ sort: event.target.value as ProductSort })}
          className="h-11 rounded-md border border-line bg-surface-raised px-2 desktop:h-9"
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </div>
      <FilterSelect
        label={t('products.filterCategory')}
        allLabel={t('products.allCategories')}
        options={categories}
        value={category}
        onChange={(id) => onChange({ category: id })}
      />
      {hasBrands && <BrandFilter value={brand} onChange={(id) => onChange({ brand: id })} />}
      <label
        htmlFor={stockId}
        className="tap-target flex items-center gap-2 rounded-md px-1 font-medium desktop:h-9"
      >
        <input
          id={stockId}
          type="checkbox"
          checked={address.inStock}
          onChange={(event) => onChange({ inStock: event.target.checked })}
          className="size-5 accent-brand"
        />
        {t('results.inStockOnly')}
      </label>
    </div>
  );
}

/** Only where the backend has the brand list (capability `brands`): without it there is nothing to choose from. */
function BrandFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const brands = useSelector(useCatalogueResource('brands'), selectBrands);
  return (
    <FilterSelect
      label={t('products.filterBrand')}
      allLabel={t('products.allBrands')}
      options={brands}
      value={value}
      onChange={onChange}
    />
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
          <option key={option.id} value={option.id} dir="auto">
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
