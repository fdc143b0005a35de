import { useTranslation } from 'react-i18next';
import { isoToDayMonthYear } from '../../../domain/day-month-year';
import type { PortalDocument } from '../../../domain/types';
import { sentenceWithAmount } from '../../app/price/amount';
import { PriceFormatterProvider, useSharedPriceFormatter } from '../../hooks/price-formatter-provider';
import { documentStanding } from './document-standing';

/**
 * An ERP invoice's or credit note's figures under its name: the amount, then for an invoice what is
 * still open ("Open: €12.40", with its due day and "Overdue" once that day has passed) or "Paid".
 * Nothing for any other document. Amounts in the customer's currency, as every price.
 */
export function DocumentFigures({ document }: { document: PortalDocument }) {
  const { t, i18n } = useTranslation();
  const price = useSharedPriceFormatter();
  const gross = document.grossTotal;
  if (gross === undefined) return null;
  if (!price)
    return (
      <PriceFormatterProvider>
        <DocumentFigures document={document} />
      </PriceFormatterProvider>
    );
  if (price.status !== 'ready') return null;
  // Only a right-to-left sentence turns the amount's currency symbol around; a left-to-right one stays one text.
  const withAmount = (sentence: (amount: string) => string, amount: string) =>
    i18n.dir() === 'rtl' ? sentenceWithAmount(sentence, amount) : sentence(amount);
  const standing = documentStanding(document, new Date());
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm font-normal text-fg-muted">
      <span>{withAmount((amount) => t('documents.figures.amount', { amount }), price.money(gross))}</span>
      {standing?.state === 'paid' && <span>{t('documents.figures.paid')}</span>}
      {standing?.state === 'open' && document.openBalance !== undefined && (
        <span className="text-fg">
          {withAmount((amount) => t('documents.figures.open', { amount }), price.money(document.openBalance))}
        </span>
      )}
      {standing?.state === 'open' && document.dueOn !== undefined && (
        <span className="tabular-nums">
          {t('documents.figures.due', { date: isoToDayMonthYear(document.dueOn) })}
        </span>
      )}
      {standing?.state === 'open' && standing.overdue && (
        <span className="font-medium text-danger">{t('documents.figures.overdue')}</span>
      )}
    </span>
  );
}
