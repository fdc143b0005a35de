import { utils, write } from '@e965/xlsx';
import { TEMPLATE_HEADER } from '../../domain/spreadsheet/header-vocabulary.ts';

/**
 * The downloadable quick-order template: the English header row only. No example lines, which a customer
 * who forgets to delete them would order.
 */
export function writeQuickOrderTemplate(): Uint8Array {
  const sheet = utils.aoa_to_sheet([[...TEMPLATE_HEADER]]);
  sheet['!cols'] = [{ wch: 20 }, { wch: 12 }, { wch: 12 }];
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, sheet, 'Quick order');
  return new Uint8Array(
    write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer,
  );
}

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
