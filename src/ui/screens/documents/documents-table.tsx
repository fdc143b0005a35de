import { useTranslation } from 'react-i18next';
import { formatDayMonthYear } from '../../../domain/dates';
import type { PortalDocument } from '../../../domain/types';
import { ColumnHeader } from '../../components/column-header';
import { PriceFormatterProvider } from '../../hooks/price-formatter-provider';
import { DocumentActions } from './document-actions';
import { DocumentFigures } from './document-figures';
import { DocumentTypeLabel } from './document-type-label';
import { formatFileSize } from './file-size';

const cell = 'px-3 py-2 align-middle max-desktop:px-0 max-desktop:py-0.5';
/** below 766 px each row is a card: the column's name is shown before its value */
const phoneLabel = 'hidden font-medium text-fg-muted max-desktop:inline max-desktop:me-2';

/**
 * Type, name, date (dd.mm.yyyy), size and the two actions per document; stacked on phones. An ERP
 * invoice's amount and open balance stand under its name.
 */
export function DocumentsTable({
  documents,
  caption,
}: {
  documents: readonly PortalDocument[];
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // one price formatter for the amounts, and none (no configuration or currency asked for) without any
  const withFigures = documents.some((document) => document.grossTotal !== undefined);
  const table = (
    <div className="rounded-md border border-line bg-surface-raised max-desktop:border-0 max-desktop:bg-transparent">
      <table className="w-full text-start max-desktop:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sunken text-fg-muted max-desktop:sr-only">
          <tr>
            <ColumnHeader label={t('documents.columns.type')} />
            <ColumnHeader label={t('documents.columns.name')} />
            <ColumnHeader label={t('documents.columns.date')} />
            <ColumnHeader label={t('documents.columns.size')} align="end" />
            <ColumnHeader label={t('documents.columns.actions')} />
          </tr>
        </thead>
        <tbody className="max-desktop:flex max-desktop:flex-col max-desktop:gap-3">
          {documents.map((document) => {
            const size = formatFileSize(document.size, t, language);
            return (
              <tr
                key={document.id}
                className="border-t border-line max-desktop:flex max-desktop:flex-col max-desktop:gap-1 max-desktop:rounded-md max-desktop:border max-desktop:bg-surface-raised max-desktop:p-3"
              >
                <td className={cell}>
                  <DocumentTypeLabel type={document.type} />
                </td>
                <td
                  className={`${cell} font-medium break-words max-desktop:order-first max-desktop:text-base`}
                >
                  <bdi dir="auto">{document.name}</bdi>
                  <DocumentFigures document={document} />
                </td>
                <td className={`${cell} tabular-nums`}>
                  <span aria-hidden="true" className={phoneLabel}>
                    {t('documents.columns.date')}
                  </span>
                  <time dateTime={document.createdAt}>{formatDayMonthYear(document.createdAt)}</time>
                </td>
                <td className={`${cell} text-end tabular-nums whitespace-nowrap max-desktop:text-start`}>
                  <span aria-hidden="true" className={phoneLabel}>
                    {t('documents.columns.size')}
                  </span>
                  {size ?? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('documents.size.unknown')}</span>
                    </>
                  )}
                </td>
                <td className={`${cell} max-desktop:pt-2`}>
                  <DocumentActions document={document} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
  return withFigures ? <PriceFormatterProvider>{table}</PriceFormatterProvider> : table;
}
