import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { DocumentType } from '../../../domain/types';
import {
  bindDocuments,
  selectDocuments,
  selectDocumentsNotOffered,
  selectDocumentsOfType,
  selectDocumentsStatus,
} from '../../../machines/documents';
import { paths } from '../../app/routes';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NotOffered } from '../../components/not-offered';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { useTextsFollowLanguage } from '../../hooks/use-texts-follow-language';
import { DOCUMENT_TYPE_PARAMETER, documentTypeFromSearch } from './document-filter';
import { DocumentTypeFilter } from './document-type-filter';
import { DocumentsTable } from './documents-table';

/**
 * /documents/: what the supplier publishes for this customer (price lists, product data
 * sheets, terms, certificates) and the company's invoices, filtered by type. The address holds the
 * filter (`?type=price_list`), so Back and a reload show the same list. The list is fetched on each visit.
 */
export function DocumentsScreen() {
  // a backend known to lack documents gets the note without the list, so nothing is asked of it
  return useCapability('documents') ? <DocumentsList /> : <DocumentsNotOffered />;
}

/** A link kept in a bookmark, on a backend without documents: the title and one sentence. */
function DocumentsNotOffered() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{t('documents.title')}</PageTitle>
      <NotOffered />
    </div>
  );
}

function DocumentsList() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const type = documentTypeFromSearch(useSearch());
  const documents = useActorRef(useBoundMachine(bindDocuments), usePortalInspection());
  const status = useSelector(documents, selectDocumentsStatus);
  const hasAny = useSelector(documents, (s) => selectDocuments(s).length > 0);
  const shown = useSelector(documents, (s) => selectDocumentsOfType(s, type), shallowEqual);
  const notOffered = useSelector(documents, selectDocumentsNotOffered);

  useEffect(() => {
    documents.send({ type: 'resource.load' });
  }, [documents]);
  // the titles come translated by the server
  useTextsFollowLanguage(documents);

  function changeType(next: DocumentType | null) {
    const query = next === null ? '' : `?${new URLSearchParams({ [DOCUMENT_TYPE_PARAMETER]: next })}`;
    navigate(`${paths.documents}${query}`, { replace: true });
  }

  const retry = () => documents.send({ type: 'resource.load' });

  if (notOffered) return <DocumentsNotOffered />;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageTitle>{t('documents.title')}</PageTitle>
        <p className="-mt-2 text-fg-muted">{t('documents.intro')}</p>
      </div>
      <DocumentTypeFilter value={type} onChange={changeType} />
      {status === 'new' || status === 'loading' ? (
        <LoadingState label={t('documents.loading')} />
      ) : status === 'rejected' && !hasAny ? (
        <ErrorState onRetry={retry} />
      ) : !hasAny ? (
        <EmptyState>{t('documents.empty')}</EmptyState>
      ) : (
        <>
          {status === 'rejected' && <ErrorState onRetry={retry} />}
          <p role="status" className="text-fg-muted">
            {t('documents.count', { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <div className="flex flex-col gap-2">
              <EmptyState>{t('documents.emptyOfType')}</EmptyState>
              <button
                type="button"
                onClick={() => changeType(null)}
                className="tap-target inline-flex items-center self-center font-medium text-brand hover:underline"
              >
                {t('documents.showAll')}
              </button>
            </div>
          ) : (
            <DocumentsTable
              documents={shown}
              caption={type ? t(`documents.filters.${type}`) : t('documents.title')}
            />
          )}
        </>
      )}
    </div>
  );
}
