import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { bindProductList, selectEntryName } from '../../../machines/catalogue';
import { BackButton } from '../../components/back-button';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine } from '../../hooks/use-app-actor';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { ProductListView } from '../products/product-list-view';
import { SaveCsvButton } from './save-csv-button';

/** /catalog/brand/{id}; another id is another list, so the page starts afresh. */
export function CatalogBrandScreen() {
  const id = Number(useParams<{ id: string }>().id);
  return <CatalogDetail key={id} kind="brand" id={id} />;
}

/** /catalog/category/{id} */
export function CatalogCategoryScreen() {
  const id = Number(useParams<{ id: string }>().id);
  return <CatalogDetail key={id} kind="category" id={id} />;
}

/** The products of one brand or category, savable as a CSV file (spec point 2, catalog detail). */
function CatalogDetail({ kind, id }: { kind: 'brand' | 'category'; id: number }) {
  const { t } = useTranslation();
  const list = useActorRef(useBoundMachine(bindProductList), {
    input: {
      filters: {
        category: kind === 'category' ? id : null,
        brand: kind === 'brand' ? id : null,
        campaign: null,
      },
    },
  });
  const name = useSelector(useCatalogueResource(kind === 'brand' ? 'brands' : 'categories'), (snapshot) =>
    selectEntryName(snapshot, id),
  );
  const title = name || (kind === 'brand' ? t('catalog.brand') : t('catalog.category'));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <BackButton />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium text-fg-muted uppercase">
            {kind === 'brand' ? t('catalog.brand') : t('catalog.category')}
          </p>
          <PageTitle>{title}</PageTitle>
        </div>
        <SaveCsvButton list={list} fileName={name || `${kind}-${id}`} />
      </div>
      <ProductListView list={list} label={title} />
    </div>
  );
}
