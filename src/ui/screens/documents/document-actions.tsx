import { Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PortalDocument } from '../../../domain/types';
import type { DocumentFileMode } from '../../../machines/documents';
import { RetryButton } from '../../components/retry-button';
import { Spinner } from '../../components/spinner';
import { useDocumentFile } from './use-document-file';

const buttonClass =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60';

/** Open (new tab) and Download for one document, each named with the document for screen readers. */
export function DocumentActions({ document }: { document: PortalDocument }) {
  const { busyMode, failed, request, retry } = useDocumentFile(document);

  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex flex-wrap gap-2">
        <FileButton mode="open" name={document.name} busyMode={busyMode} onRequest={request} />
        <FileButton mode="download" name={document.name} busyMode={busyMode} onRequest={request} />
      </div>
      <DocumentFileProgress busy={busyMode !== null} failed={failed} onRetry={retry} />
    </div>
  );
}

/** While a document's file is fetched, a word for screen readers; when that failed, the alert with Try again. */
export function DocumentFileProgress({
  busy,
  failed,
  onRetry,
}: {
  busy: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {busy && (
        <span role="status" className="sr-only">
          {t('documents.preparing')}
        </span>
      )}
      {failed && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-danger">
          <p>{t('documents.openFailed')}</p>
          <RetryButton label={t('common.tryAgain')} onClick={onRetry} />
        </div>
      )}
    </>
  );
}

/** Open or Download, named with the document; its icon turns into a spinner while that file is fetched. */
function FileButton({
  mode,
  name,
  busyMode,
  onRequest,
}: {
  mode: DocumentFileMode;
  name: string;
  busyMode: DocumentFileMode | null;
  onRequest: (mode: DocumentFileMode) => void;
}) {
  const { t } = useTranslation();
  const Icon = mode === 'open' ? ExternalLink : Download;
  return (
    <button
      type="button"
      onClick={() => onRequest(mode)}
      disabled={busyMode !== null}
      aria-label={t(mode === 'open' ? 'documents.openNamed' : 'documents.downloadNamed', { name })}
      className={buttonClass}
    >
      {busyMode === mode ? <Spinner className="size-4" /> : <Icon aria-hidden="true" className="size-4" />}
      {t(mode === 'open' ? 'documents.open' : 'documents.download')}
    </button>
  );
}
