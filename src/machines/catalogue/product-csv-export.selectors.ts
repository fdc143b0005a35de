import type { SnapshotFrom } from 'xstate';
import type {
  CsvExportFailure,
  ProductCsvExportEvent,
  productCsvExportMachine,
} from './product-csv-export.machine';
import {
  type ProductListSnapshot,
  selectIsFullyLoaded,
  selectLoadedCount,
  selectLoadedProducts,
  selectProductListStatus,
} from './product-list.selectors';

export type ProductCsvExportSnapshot = SnapshotFrom<typeof productCsvExportMachine>;

/** Preparing, fetching, building or handing the file over: the button shows "Preparing the file…". */
export const selectCsvExportBusy = (s: ProductCsvExportSnapshot): boolean => s.hasTag('busy');

/** While preparing or fetching, the view forwards the product list's reports (`selectListReport`). */
export const selectCsvExportWantsList = (s: ProductCsvExportSnapshot): boolean => s.matches('collecting');

/** Why the export stopped, or null while it has not failed (a message with Try again). */
export const selectCsvExportFailure = (s: ProductCsvExportSnapshot): CsvExportFailure | null =>
  s.matches('failed') ? (s.context.failure ?? 'unknown') : null;

/**
 * The product list as the export hears it: every row once it has them all, its progress otherwise.
 * The view sends this to the export on each change of the list while `selectCsvExportWantsList`.
 */
export function selectListReport(list: ProductListSnapshot): ProductCsvExportEvent {
  if (selectIsFullyLoaded(list))
    return { type: 'csvExport.listCompleted', products: selectLoadedProducts(list) };
  const status = selectProductListStatus(list);
  return {
    type: 'csvExport.listProgressed',
    status:
      status === 'failed' || status === 'pageFailed' ? 'failed' : status === 'ready' ? 'idle' : 'loading',
    loaded: selectLoadedCount(list),
    count: list.context.count,
  };
}
