import type { TFunction } from 'i18next';
import type { QuickOrderProblem, QuickOrderRow } from '../../../domain/quick-order';
import { unitDisplayName } from '../../../domain/units';
import type { RowStatus } from '../../../machines/quick-order';

/** One problem in the customer's words (SPEC point 8 quick-order messages). */
export function problemText(
  t: TFunction,
  problem: QuickOrderProblem | 'unknownError',
  row: QuickOrderRow,
): string {
  if (problem === 'notEnoughStock') {
    const max = row.maxQuantity ?? 0;
    return t('quickOrder.notEnoughStock', {
      max,
      unit: row.unit ? unitDisplayName(row.unit, max) : '',
    });
  }
  return t(`quickOrder.${problem}`);
}

/** The text of the status column written into the customer's own sheet. */
export function statusText(t: TFunction, rowNumber: number, status: RowStatus): string {
  switch (status.kind) {
    case 'ok':
      return t('quickOrder.ready');
    case 'added':
      return t('quickOrder.statusAdded');
    case 'replaced':
      return t('quickOrder.statusReplaced');
    case 'problems':
      return `${t('quickOrder.errorInRow', { row: rowNumber })}: ${status.problems
        .map((problem) => problemText(t, problem as QuickOrderProblem, status.row))
        .join(' ')}`;
  }
}
