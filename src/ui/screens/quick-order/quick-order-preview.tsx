import { shallowEqual, useSelector } from '@xstate/react';
import { Info } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRowValid } from '../../../domain/quick-order';
import {
  selectAddMode,
  selectCanAdd,
  selectInCartChanges,
  selectInvalidRowCount,
  selectMergedProducts,
  selectNotices,
  selectPreviewRows,
  selectValidRowCount,
} from '../../../machines/quick-order';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { CartModeChoice } from '../../components/cart-mode-choice';
import { ColumnHeader } from '../../components/column-header';
import { primaryButton, secondaryButton } from './button-classes';
import { DownloadStatusButton } from './download-status-button';
import { PreviewRow } from './preview-row';
import type { QuickOrderRef } from './quick-order-ref';
import { SaveAsList } from './save-as-list';

/** Rows drawn at a time: a 10,000-row sheet stays responsive, and "show more" reaches every row. */
const PAGE_ROWS = 100;
/** narrower columns than other tables leave room for the quantity and unit inputs */
const dense = 'px-2 py-2';

export function QuickOrderPreview({
  quickOrder,
  onDownloadStatus,
}: {
  quickOrder: QuickOrderRef;
  onDownloadStatus: (() => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const captionId = useId();
  const rows = useSelector(quickOrder, selectPreviewRows);
  const valid = useSelector(quickOrder, selectValidRowCount);
  const invalid = useSelector(quickOrder, selectInvalidRowCount);
  const canAdd = useSelector(quickOrder, selectCanAdd);
  const notices = useSelector(quickOrder, selectNotices);
  const merged = useSelector(quickOrder, selectMergedProducts, shallowEqual);
  const inCart = useSelector(quickOrder, selectInCartChanges);
  const mode = useSelector(quickOrder, selectAddMode);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [shown, setShown] = useState(PAGE_ROWS);

  const onQuantity = useCallback(
    (rowNumber: number, text: string) =>
      quickOrder.send({ type: 'quickOrder.quantityChanged', rowNumber, text }),
    [quickOrder],
  );
  const onUnit = useCallback(
    (rowNumber: number, unitId: number) =>
      quickOrder.send({ type: 'quickOrder.unitChanged', rowNumber, unitId }),
    [quickOrder],
  );
  const onDrop = useCallback(
    (rowNumber: number) => quickOrder.send({ type: 'quickOrder.rowDropped', rowNumber }),
    [quickOrder],
  );

  const listed = onlyErrors ? rows.filter((row) => !isRowValid(row)) : rows;
  const visible = listed.slice(0, shown);

  return (
    <div data-quick-order="preview" className="scroll-mt-20 flex flex-col gap-3">
      <h3 id={captionId} className="font-medium">
        {t('quickOrder.previewTitle')}
      </h3>
      <p role="status">{t('quickOrder.summary', { count: rows.length, valid, invalid })}</p>
      {(notices.length > 0 || merged.length > 0) && (
        <ul className="flex flex-col gap-1 rounded-md bg-brand-soft px-3 py-2">
          {notices.map((notice) => (
            <li
              key={notice.kind === 'duplicatesMerged' ? notice.rowNumbers.join() : notice.kind}
              className="flex gap-2"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
              {notice.kind === 'duplicatesMerged'
                ? t('quickOrder.mergedNotice', {
                    rows: notice.rowNumbers.join(', '),
                    code: isolate(notice.stockCode),
                  })
                : t('quickOrder.headerNotFound')}
            </li>
          ))}
          {merged.map((group) => (
            <li key={group.rowNumbers.join()} className="flex gap-2">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
              {t('quickOrder.mergedProductNotice', {
                rows: group.rowNumbers.join(', '),
                name: group.product.name,
              })}
            </li>
          ))}
        </ul>
      )}
      {invalid > 0 && (
        <label className="inline-flex items-center gap-2 self-start">
          <input
            type="checkbox"
            checked={onlyErrors}
            onChange={(event) => {
              setOnlyErrors(event.target.checked);
              setShown(PAGE_ROWS);
            }}
            className="size-4 accent-brand"
          />
          {t('quickOrder.onlyErrors')}
        </label>
      )}
      <div className="overflow-x-auto rounded-md border border-line bg-surface-raised">
        <table aria-labelledby={captionId} className="w-full border-collapse">
          <thead className="bg-surface-sunken text-start text-fg-muted">
            <tr>
              <ColumnHeader label={t('quickOrder.row')} padding={dense} />
              <ColumnHeader label={t('quickOrder.product')} padding={dense} hideBelow="desktop" />
              <ColumnHeader label={t('quickOrder.quantity')} padding={dense} />
              <ColumnHeader label={t('quickOrder.unit')} padding={dense} />
              <th scope="col" className="px-1 py-2">
                <span className="sr-only">{t('quickOrder.status')}</span>
              </th>
            </tr>
          </thead>
          {visible.map((row) => (
            <PreviewRow
              key={row.rowNumber}
              row={row}
              inCart={inCart.get(row.rowNumber) ?? null}
              onQuantity={onQuantity}
              onUnit={onUnit}
              onDrop={onDrop}
            />
          ))}
        </table>
      </div>
      {listed.length > shown && (
        <button
          type="button"
          onClick={() => setShown((count) => count + PAGE_ROWS)}
          className={`${secondaryButton} self-start`}
        >
          {t('quickOrder.showMore', { count: listed.length - shown })}
        </button>
      )}
      {valid === 0 && (
        <p role="alert" className="text-danger">
          {t('quickOrder.errorAdded')} {t('quickOrder.nothingValid')}
        </p>
      )}
      <CartModeChoice
        value={mode}
        onChange={(chosen) => quickOrder.send({ type: 'quickOrder.modeChosen', mode: chosen })}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={!canAdd}
          data-quick-order="add"
          onClick={() => quickOrder.send({ type: 'quickOrder.addRequested' })}
          className={primaryButton}
        >
          {t('quickOrder.addValid', { count: valid })}
        </button>
        {onDownloadStatus && <DownloadStatusButton onDownload={onDownloadStatus} />}
        <button
          type="button"
          onClick={() => quickOrder.send({ type: 'quickOrder.cancelled' })}
          className={secondaryButton}
        >
          {t('quickOrder.cancel')}
        </button>
      </div>
      {valid > 0 && <SaveAsList quickOrder={quickOrder} />}
    </div>
  );
}
