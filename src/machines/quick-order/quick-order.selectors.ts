import type { SnapshotFrom } from 'xstate';
import {
  type InCartChange,
  inCartChanges,
  isRowValid,
  mergedProductRows,
  type QuickOrderRow,
} from '../../domain/quick-order';
import type { Unit } from '../../domain/types';
import type { QuickOrderOutcome, QuickOrderOutcomeProblem, ResultAmount } from './quick-order.calls';
import type { QuickOrderContext, QuickOrderSource, quickOrderMachine } from './quick-order.machine';

type QuickOrderSnapshot = SnapshotFrom<typeof quickOrderMachine>;

/** Which screen of the quick order shows. */
export type QuickOrderStage =
  | 'import'
  | 'busy'
  | 'lookupFailed'
  | 'preview'
  | 'addFailed'
  | 'done'
  | 'refused';

export function selectQuickOrderStage(s: QuickOrderSnapshot): QuickOrderStage {
  if (s.hasTag('busy')) return 'busy';
  if (s.matches({ importArea: 'idle' })) return 'import';
  if (s.matches({ importArea: 'refused' })) return 'refused';
  return s.value as Exclude<QuickOrderStage, 'import' | 'busy' | 'refused'>;
}

/** What the progress bar says: reading, validating or adding. */
export const selectBusyPhase = (s: QuickOrderSnapshot): 'reading' | 'validating' | 'adding' | null =>
  s.matches('reading')
    ? 'reading'
    : s.matches('validating') || s.matches('validatingBySearch')
      ? 'validating'
      : s.matches('adding') || s.matches('addingEachLine')
        ? 'adding'
        : null;

/** Rows read out of rows in the sheet (reading only); null while the total is unknown (indeterminate bar). */
export function selectReadProgress(s: QuickOrderSnapshot): { done: number; total: number } | null {
  if (!s.matches('reading') || s.context.progress.total === 0) return null;
  return s.context.progress;
}

export const selectPreviewRows = (s: QuickOrderSnapshot): QuickOrderRow[] => s.context.rows;
export const selectValidRowCount = (s: QuickOrderSnapshot): number =>
  s.context.rows.filter(isRowValid).length;
export const selectInvalidRowCount = (s: QuickOrderSnapshot): number =>
  s.context.rows.length - selectValidRowCount(s);
export const selectCanAdd = (s: QuickOrderSnapshot): boolean => s.can({ type: 'quickOrder.addRequested' });
export const selectRefusal = (s: QuickOrderSnapshot) => s.context.refusal;
export const selectResult = (s: QuickOrderSnapshot) => s.context.result;
export const selectNotices = (s: QuickOrderSnapshot) => s.context.notices;
/**
 * The uploaded file's name and size; null for pasted or typed rows. The file itself is the view's (it chose
 * it, and sends it again to write it back with a status column).
 */
export const selectSourceFileFacts = (
  s: QuickOrderSnapshot,
): Extract<QuickOrderSource, { kind: 'file' }> | null =>
  s.context.source?.kind === 'file' ? s.context.source : null;

/** Rows of one product merged into one cart line, beyond the rows the reader merged (use shallowEqual). */
export const selectMergedProducts = (s: QuickOrderSnapshot) =>
  mergedProductRows(s.context.rows, s.context.units);

/** Each row's status for the status column: preview statuses, or the add's outcome once done. */
export type RowStatus =
  | { kind: 'ok' }
  | { kind: 'added' }
  | { kind: 'increased' | 'replaced'; from: ResultAmount; to: ResultAmount }
  | {
      kind: 'problems';
      row: QuickOrderRow;
      problems: QuickOrderOutcomeProblem[];
      limit: { max: number; unit: Unit } | null;
    };

type RowStatuses = { rowNumbers: number[]; status: RowStatus }[];
const rowStatusesCache = new WeakMap<QuickOrderContext, RowStatuses>();

/** The same array until the rows or the result change. */
export function selectRowStatuses(s: QuickOrderSnapshot): RowStatuses {
  const hit = rowStatusesCache.get(s.context);
  if (hit) return hit;
  const statuses = rowStatuses(s.context);
  rowStatusesCache.set(s.context, statuses);
  return statuses;
}

function rowStatuses({ result, rows }: QuickOrderContext): RowStatuses {
  if (result)
    return result.outcomes.map((outcome) => ({
      rowNumbers: outcome.row.sourceRowNumbers,
      status: statusOf(outcome),
    }));
  return rows.map((row) => ({
    rowNumbers: row.sourceRowNumbers,
    status: isRowValid(row) ? { kind: 'ok' } : { kind: 'problems', row, problems: row.problems, limit: null },
  }));
}

function statusOf(outcome: QuickOrderOutcome): RowStatus {
  switch (outcome.status) {
    case 'added':
      return { kind: 'added' };
    case 'rejected':
      return { kind: 'problems', row: outcome.row, problems: outcome.problems, limit: outcome.limit };
    default:
      return { kind: outcome.status, from: outcome.from, to: outcome.to };
  }
}

const inCartCache = new WeakMap<QuickOrderContext, Map<number, InCartChange>>();

/** Whether rows of products already in the cart add to their quantity or replace it. */
export const selectAddMode = (s: QuickOrderSnapshot) => s.context.mode;

/**
 * Before anything is added: per row number, the cart line the row would add to or replace, its quantity
 * and unit now and after ("in cart: 3 crates → 4 crates"), and whether the stock covers a sum. Empty
 * once added (the result says what happened). The same Map until the rows, units, cart lines or the
 * choice change.
 */
export function selectInCartChanges(s: QuickOrderSnapshot): ReadonlyMap<number, InCartChange> {
  const hit = inCartCache.get(s.context);
  if (hit) return hit;
  const { rows, units, cartLines, result, mode } = s.context;
  const changes = result ? new Map<number, InCartChange>() : inCartChanges(rows, units, cartLines, mode);
  inCartCache.set(s.context, changes);
  return changes;
}

/** The paste box's text as typed (kept across a reload until its lines are in the cart). */
export const selectPasteText = (s: QuickOrderSnapshot): string => s.context.pasteText;
