import { useSelector } from '@xstate/react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectResult } from '../../../machines/quick-order';
import { useOpenCart } from '../../hooks/use-open-cart';
import { primaryButton, secondaryButton } from './button-classes';
import { DownloadStatusButton } from './download-status-button';
import type { QuickOrderRef } from './quick-order-ref';
import { amountText, problemText } from './row-messages';

/** After the one bulk add: how many products went in or were replaced, and every row that did not. */
export function QuickOrderResult({
  quickOrder,
  onDownloadStatus,
}: {
  quickOrder: QuickOrderRef;
  onDownloadStatus: (() => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const result = useSelector(quickOrder, selectResult);
  const openCart = useOpenCart();
  if (!result) return null;
  const rejected = result.outcomes.filter((outcome) => outcome.status === 'rejected');
  const changed = result.outcomes.flatMap((outcome) =>
    outcome.status === 'increased' || outcome.status === 'replaced' ? [outcome] : [],
  );
  const nothing = result.added + result.increased + result.replaced === 0;
  return (
    <div
      data-quick-order="result"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface-raised p-4"
    >
      <div role="status" className="flex flex-col gap-1">
        {nothing ? (
          <p className="font-medium text-danger">{t('quickOrder.errorAdded')}</p>
        ) : (
          <>
            {result.added > 0 && (
              <p className="flex items-center gap-2 font-medium">
                <CircleCheck aria-hidden="true" className="size-5 text-brand" />
                {t('quickOrder.resultAdded', { count: result.added })}
              </p>
            )}
            {result.increased > 0 && (
              <p className="flex items-center gap-2 font-medium">
                <CircleCheck aria-hidden="true" className="size-5 text-brand" />
                {t('cartMode.increased', { count: result.increased })}
              </p>
            )}
            {result.replaced > 0 && (
              <p className="flex items-center gap-2 font-medium">
                <CircleCheck aria-hidden="true" className="size-5 text-brand" />
                {t('quickOrder.resultReplaced', { count: result.replaced })}
              </p>
            )}
          </>
        )}
      </div>
      {changed.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="font-medium">{t('cartMode.changedTitle')}</h3>
          <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto">
            {changed.map((outcome) => (
              <li key={outcome.row.rowNumber}>
                <span dir="auto">{outcome.row.product?.name ?? outcome.row.stockCode}</span>
                {' — '}
                {t(outcome.status === 'increased' ? 'cartMode.lineAdded' : 'cartMode.lineReplaced', {
                  from: amountText(language, outcome.from),
                  to: amountText(language, outcome.to),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {rejected.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="font-medium">{t('quickOrder.rejectedTitle')}</h3>
          <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto">
            {rejected.map((outcome) => (
              <li key={outcome.row.rowNumber} className="text-danger">
                <strong>
                  {t('quickOrder.errorInRow', { row: outcome.row.sourceRowNumbers.join(', ') })}:
                </strong>{' '}
                <span dir="ltr" className="font-mono text-xs">
                  {outcome.row.stockCode}
                </span>{' '}
                {outcome.status === 'rejected' &&
                  outcome.problems
                    .map((problem) => problemText(t, language, problem, outcome.row, outcome.limit))
                    .join(' ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {openCart && !nothing && (
          <button type="button" onClick={openCart} className={primaryButton}>
            {t('cart.goToCart')}
          </button>
        )}
        {onDownloadStatus && <DownloadStatusButton onDownload={onDownloadStatus} />}
        <button
          type="button"
          onClick={() => quickOrder.send({ type: 'quickOrder.restarted' })}
          className={secondaryButton}
        >
          {t('quickOrder.importAnother')}
        </button>
      </div>
    </div>
  );
}
