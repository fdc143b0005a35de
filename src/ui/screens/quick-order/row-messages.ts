import type { TFunction } from 'i18next';
import type { QuickOrderRow } from '../../../domain/quick-order';
import type { Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import type { QuickOrderOutcomeProblem, RowStatus } from '../../../machines/quick-order';

/** A stock refusal's figure from the server: the most of `unit` that can (still) go in. */
type Limit = { max: number; unit: Unit } | null;

/** One problem in the customer's words (SPEC point 8 quick-order messages). */
export function problemText(
  t: TFunction,
  language: string,
  problem: QuickOrderOutcomeProblem,
  row: QuickOrderRow,
  limit: Limit = null,
): string {
  if (problem === 'notEnoughStock' || problem === 'notEnoughStockToAdd') {
    const max = limit?.max ?? row.maxQuantity ?? 0;
    const unit = limit?.unit ?? row.unit;
    const key = problem === 'notEnoughStock' ? 'stock.notEnough' : 'cartMode.notEnoughToAdd';
    return t(key, { max, unit: unit ? unitDisplayName(unit, max, language) : '' });
  }
  return t(`quickOrder.${problem}`);
}

/** "4 crates": a quantity with its unit's name in the right number. */
export const amountText = (
  language: string,
  { quantity, unit }: { quantity: string | number; unit: Unit | null },
): string => (unit ? `${quantity} ${unitDisplayName(unit, quantity, language)}` : String(quantity));

/** The text of the status column written into the customer's own sheet. */
export function statusText(t: TFunction, language: string, rowNumber: number, status: RowStatus): string {
  switch (status.kind) {
    case 'ok':
      return t('quickOrder.ready');
    case 'added':
      return t('quickOrder.statusAdded');
    case 'increased':
      return t('cartMode.lineAdded', {
        from: amountText(language, status.from),
        to: amountText(language, status.to),
      });
    case 'replaced':
      return t('cartMode.lineReplaced', {
        from: amountText(language, status.from),
        to: amountText(language, status.to),
      });
    case 'problems':
      return `${t('quickOrder.errorInRow', { row: rowNumber })}: ${status.problems
        .map((problem) => problemText(t, language, problem, status.row, status.limit))
        .join(' ')}`;
  }
}
