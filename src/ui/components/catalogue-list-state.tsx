import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceState, type ResourceStatus } from './resource-state';

/** The words of each catalogue list a screen shows whole (each a lazily loaded catalogue resource). */
export const catalogueListKeys = {
  campaigns: { title: 'home.sections.campaigns', loading: 'campaigns.loading', empty: 'campaigns.empty' },
  categories: {
    title: 'home.sections.categories',
    loading: 'catalog.loadingCategories',
    empty: 'catalog.noCategories',
  },
  brands: { title: 'home.sections.brands', loading: 'catalog.loadingBrands', empty: 'catalog.noBrands' },
  featured: { title: 'home.sections.featured', loading: 'products.loading', empty: 'products.empty' },
  newest: { title: 'home.sections.newest', loading: 'products.loading', empty: 'products.empty' },
} as const;

export type CatalogueListKind = keyof typeof catalogueListKeys;

/** Only what retrying needs of the resource actor. */
export interface LoadableResource {
  send(event: { type: 'resource.load' }): void;
}

/**
 * A catalogue list's loading, failure, empty or content face, with the same words wherever that list
 * is shown; retrying asks the resource to load again.
 */
export function CatalogueListState({
  kind,
  resource,
  status,
  isEmpty,
  children,
}: {
  kind: CatalogueListKind;
  resource: LoadableResource;
  status: ResourceStatus;
  isEmpty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const keys = catalogueListKeys[kind];
  return (
    <ResourceState
      status={status}
      isEmpty={isEmpty}
      loadingLabel={t(keys.loading)}
      emptyText={t(keys.empty)}
      onRetry={() => resource.send({ type: 'resource.load' })}
    >
      {children}
    </ResourceState>
  );
}
