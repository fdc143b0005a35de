import { Download, ExternalLink, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PortalDocument } from '../../../domain/types';
import type { DocumentFileMode } from '../../../machines/documents';
import { Spinner } from '../../components/spinner';
import { useDocumentFile } from './use-document-file';

const buttonClass =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60';

/** Open (new tab) and Download for one document, each named with the document for screen readers. */
export function DocumentActions({ document }: { document: PortalDocument }) {
  const { t } = useTranslation();
  const { busyMode, failed, request, retry } = useDocumentFile(document);
  const busy = busyMode !== null;
  const icon = (mode: DocumentFileMode, Icon: typeof Download) =>
    busyMode === mode ? <Spinner className="size-4" /> : <Icon aria-hidden="true" className="size-4" />;

  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => request('open')}
          disabled={busy}
          aria-label={t('documents.openNamed', { name: document.name })}
          className={buttonClass}
        >
          {icon('open', ExternalLink)}
          {t('documents.open')}
        </button>
        <button
          type="button"
          onClick={() => request('download')}
          disabled={busy}
          aria-label={t('documents.downloadNamed', { name: document.name })}
          className={buttonClass}
        >
          {icon('download', Download)}
          {t('documents.download')}
        </button>
      </div>
      {busy && (
        <span role="status" className="sr-only">
          {t('documents.preparing')}
        </span>
      )}
      {failed && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-danger">
          <p>{t('documents.openFailed')}</p>
          <button
            type="button"
            onClick={retry}
            className="tap-target inline-flex items-center gap-2 rounded-md border border-danger/40 bg-surface-raised px-3 font-medium text-fg hover:bg-surface-sunken"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('common.tryAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
