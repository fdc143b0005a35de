import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectBrands, selectResourceStatus, selectSortedCategories } from '../../../machines/catalogue';
import { paths } from '../../app/routes';
import { CatalogueSection } from '../../components/catalogue-section';
import { PageTitle } from '../../components/page-title';
import { useCapability } from '../../hooks/use-capability';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { BrandList } from '../home/brand-list';

/**
 * /catalog/: the catalog list of brands and categories, each leading to its product list; the brands
 * only where the backend has them (capability `brands`).
 */
export function CatalogScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const categoriesRef = useCatalogueResource('categories');
  const categories = useSelector(categoriesRef, (snapshot) => selectSortedCategories(snapshot, language));
  const categoriesStatus = useSelector(categoriesRef, selectResourceStatus);
  const hasBrands = useCapability('brands');
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t('catalog.title')}</PageTitle>
      <CatalogueSection
        kind="categories"
        resource={categoriesRef}
        status={categoriesStatus}
        isEmpty={categories.length === 0}
      >
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                href={paths.catalogCategory(category.id)}
                className="tap-target flex items-center rounded-lg border border-line bg-surface-raised px-3 font-medium hover:border-brand"
              >
                <bdi>{category.name}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      </CatalogueSection>
      {hasBrands && <BrandsSection />}
    </div>
  );
}

/** Its own component, so a backend without brands is never asked for them. */
function BrandsSection() {
  const brandsRef = useCatalogueResource('brands');
  const brands = useSelector(brandsRef, selectBrands);
  const brandsStatus = useSelector(brandsRef, selectResourceStatus);
  return (
    <CatalogueSection kind="brands" resource={brandsRef} status={brandsStatus} isEmpty={brands.length === 0}>
      <BrandList brands={brands} />
    </CatalogueSection>
  );
}
