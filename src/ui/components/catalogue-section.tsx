import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CatalogueListKind,
  CatalogueListState,
  catalogueListKeys,
  type LoadableResource,
} from './catalogue-list-state';
import type { ResourceStatus } from './resource-state';
import { Section } from './section';

/** A titled region holding one catalogue list (home and catalog name them alike). */
export function CatalogueSection({
  kind,
  action,
  children,
  ...list
}: {
  kind: CatalogueListKind;
  resource: LoadableResource;
  status: ResourceStatus;
  isEmpty: boolean;
  /** a link beside the heading ("All brands") */
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t(catalogueListKeys[kind].title)} action={action}>
      <CatalogueListState kind={kind} {...list}>
        {children}
      </CatalogueListState>
    </Section>
  );
}
