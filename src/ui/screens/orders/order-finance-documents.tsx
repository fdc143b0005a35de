import { ExternalLink } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayMonthYear } from '../../../domain/dates';
import { toDecimal } from '../../../domain/decimal';
import type { OrderFinanceDocument, PortalDocument } from '../../../domain/types';
import { Money } from '../../app/price/money';
import { Spinner } from '../../components/spinner';
import { DocumentFileProgress } from '../documents/document-actions';
import { useDocumentFile } from '../documents/use-document-file';

const dateOf = (isoDate: string) => formatDayMonthYear(`${isoDate}T12:00:00`);

/** The ERP document as a document file, so it opens the way every document does (bearer, new tab). */
const asPortalDocument = (document: OrderFinanceDocument, name: string): PortalDocument => ({
  id: `finance-${document.id}`,
  type: 'invoice',
  name,
  createdAt: `${document.issuedOn}T12:00:00Z`,
  size: null,
  contentType: 'application/pdf',
  file: document.file,
  fileName: `${document.kind}-${document.number.replace(/[^\w.-]+/g, '_')}.pdf`,
});

/**
 * The supplier's invoices and credit notes for the order, as its ERP issued them: number, dates,
 * amount and what is still open, and the PDF. Absent (a backend without them, or none issued yet):
 * nothing shows.
 */
export function OrderFinanceDocuments({ documents }: { documents: readonly OrderFinanceDocument[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-line bg-surface-raised">
      <h2 id={headingId} className="border-b border-line p-3 font-semibold">
        {t('orderDetail.documents.title')}
      </h2>
      <ul className="divide-y divide-line">
        {documents.map((document) => (
          <FinanceDocumentRow key={document.id} document={document} />
        ))}
      </ul>
    </section>
  );
}

function FinanceDocumentRow({ document }: { document: OrderFinanceDocument }) {
  const { t } = useTranslation();
  const name = t(`orderDetail.documents.${document.kind}`, { number: document.number });
  const file = useMemo(() => asPortalDocument(document, name), [document, name]);
  const { busyMode, failed, request, retry } = useDocumentFile(file);
  const paid = toDecimal(document.openBalance).isZero();
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 p-3">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">
          <bdi>{name}</bdi>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="text-fg-muted">{t('orderDetail.documents.issuedOn')}</dt>
          <dd className="tabular-nums">{dateOf(document.issuedOn)}</dd>
          {document.dueOn && (
            <>
              <dt className="text-fg-muted">{t('orderDetail.documents.dueOn')}</dt>
              <dd className="tabular-nums">{dateOf(document.dueOn)}</dd>
            </>
          )}
          <dt className="text-fg-muted">{t('orderDetail.documents.amount')}</dt>
          <dd>
            <Money amount={document.grossTotal} />
          </dd>
          <dt className="text-fg-muted">{t('orderDetail.documents.openBalance')}</dt>
          <dd className={paid ? '' : 'font-semibold'}>
            {paid ? t('orderDetail.documents.paid') : <Money amount={document.openBalance} />}
          </dd>
        </dl>
      </div>
      <div className="flex flex-col items-start gap-2">
        <button
          type="button"
          onClick={() => request('open')}
          disabled={busyMode !== null}
          aria-label={t('orderDetail.documents.openNamed', { name })}
          className="tap-target inline-flex items-center gap-2 rounded-md border border-line px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
        >
          {busyMode ? <Spinner className="size-4" /> : <ExternalLink aria-hidden="true" className="size-4" />}
          {t('orderDetail.documents.open')}
        </button>
        <DocumentFileProgress busy={busyMode !== null} failed={failed} onRetry={retry} />
      </div>
    </li>
  );
}
