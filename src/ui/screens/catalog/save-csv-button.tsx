import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { CircleAlert, Download, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindProductCsvExport,
  selectCsvExportBusy,
  selectCsvExportFailure,
  selectCsvExportWantsList,
  selectListReport,
  selectProductCount,
} from '../../../machines/catalogue';
import { Spinner } from '../../components/spinner';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useConfiguration } from '../../hooks/use-configuration';
import type { ProductListRef } from '../products/product-virtual-list';

const buttonClass =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60';

/**
 * Spec point 2, catalog detail: saves the whole product list as a CSV file to downloads. The flow is
 * the product CSV export machine; this view only passes the list's reports to it and its asks to the list.
 */
export function SaveCsvButton({ list, fileName }: { list: ProductListRef; fileName: string }) {
  const { t, i18n } = useTranslation();
  const basis = usePriceBasis();
  const decimalPlaces = useConfiguration()?.moneyDecimalPlaces ?? 2;
  const exporter = useActorRef(useBoundMachine(bindProductCsvExport), usePortalInspection());
  const count = useSelector(list, selectProductCount);
  const busy = useSelector(exporter, selectCsvExportBusy);
  const wantsList = useSelector(exporter, selectCsvExportWantsList);
  const failure = useSelector(exporter, selectCsvExportFailure);

  // The export's asks go to the list.
  useEffect(() => {
    const rows = exporter.on('csvExport.rowsWanted', ({ startIndex, endIndex }) =>
      list.send({ type: 'productList.rangeViewed', startIndex, endIndex }),
    );
    const retry = exporter.on('csvExport.listRetryWanted', () => list.send({ type: 'productList.retried' }));
    return () => {
      rows.unsubscribe();
      retry.unsubscribe();
    };
  }, [exporter, list]);

  // While the export waits for rows, the list's reports go to the export (the current one first, then
  // each change of it).
  const report = useSelector(list, selectListReport, shallowEqual);
  useEffect(() => {
    if (wantsList) exporter.send(report);
  }, [wantsList, exporter, report]);

  const request = () =>
    exporter.send({
      type: 'csvExport.requested',
      fileName,
      headers: {
        stockCode: t('product.sku'),
        barcode: t('product.barcode'),
        name: t('product.name'),
        brand: t('product.brand'),
        category: t('product.category'),
        price: t('product.price'),
        oldPrice: t('product.oldPrice'),
        inStock: t('product.quantityInStock'),
      },
      decimalPlaces,
      basis,
      // the file's numbers as the screen shows them: this language's decimal separator
      language: i18n.resolvedLanguage ?? i18n.language,
    });

  return (
    <div className="flex flex-col items-end gap-2">
      {failure ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-danger"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1">
            {failure === 'permissionDenied' ? t('catalog.csvPermissionDenied') : t('catalog.csvFailed')}
          </p>
          <button
            type="button"
            onClick={() => exporter.send({ type: 'csvExport.retried' })}
            className={`${buttonClass} text-fg`}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('common.tryAgain')}
          </button>
          <button
            type="button"
            onClick={() => exporter.send({ type: 'csvExport.dismissed' })}
            className={`${buttonClass} text-fg`}
          >
            {t('common.close')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          disabled={count === 0 || busy}
          aria-busy={busy}
          onClick={request}
          className={buttonClass}
        >
          {busy ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
          {busy ? t('catalog.preparingCsv') : t('catalog.saveCsv')}
        </button>
      )}
    </div>
  );
}
