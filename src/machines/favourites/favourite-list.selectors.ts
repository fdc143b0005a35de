import type { SnapshotFrom } from 'xstate';
import { toDecimal, toDecimalString } from '../../domain/decimal';
import type { FavouriteList, FavouriteListItem } from '../../domain/types';
import {
  type FavouriteRefusal,
  type favouriteListMachine,
  type LineEdit,
  type ListActionError,
  validQuantity,
} from './favourite-list.machine';
import type { ToCartLine } from './favourite-list-to-cart.machine';

export type FavouriteListSnapshot = SnapshotFrom<typeof favouriteListMachine>;

export type FavouriteListStatus = 'loading' | 'failed' | 'notFound' | 'loaded' | 'deleted';

export function selectFavouriteListStatus(s: FavouriteListSnapshot): FavouriteListStatus {
  if (s.matches('loaded')) return 'loaded';
  if (s.matches('failed')) return 'failed';
  if (s.matches('notFound')) return 'notFound';
  if (s.matches('deleted')) return 'deleted';
  return 'loading';
}

export const selectFavouriteList = (s: FavouriteListSnapshot): FavouriteList | null => s.context.list;
export const selectIsListEditable = (s: FavouriteListSnapshot): boolean => s.context.list?.editable === true;

/** The lines the table shows: the one being removed is gone at once. */
export const selectShownItems = (s: FavouriteListSnapshot): FavouriteListItem[] =>
  s.context.list?.items.filter((item) => item.productId !== s.context.removingId) ?? [];

/** What a line's quantity input and unit select show: the customer's input, else the list's line. */
export interface ShownLine {
  quantityText: string;
  /** the quantity the text stands for (the domain's parser), or null while it is not one */
  quantity: number | null;
  unit: number;
  invalid: boolean;
  /** waiting for the debounce or being written */
  saving: boolean;
  refusal: FavouriteRefusal | null;
  /** an order guide's par level as typed, else the line's ('' when none) */
  parText: string;
  /** an order guide's shelf position as typed, else the line's ('' when none) */
  shelfText: string;
  /** why the typed par level cannot be saved (a translation key), or null */
  parError: string | null;
  /** why the typed shelf position cannot be saved (a translation key), or null */
  shelfError: string | null;
}

export function selectShownLine(s: FavouriteListSnapshot, productId: number): ShownLine {
  const edit: LineEdit | undefined = s.context.edits.find((e) => e.productId === productId);
  const sending = s.matches({ loaded: { writes: 'saving' } }) && s.context.sending?.product === productId;
  if (edit) {
    return {
      quantityText: edit.quantityText,
      quantity: validQuantity(edit.quantityText),
      unit: edit.unit,
      invalid: edit.invalid,
      saving: edit.dirty || sending,
      refusal: edit.refusal,
      parText: edit.parText,
      shelfText: edit.shelfText,
      parError: edit.parError,
      shelfError: edit.shelfError,
    };
  }
  const item = s.context.list?.items.find((candidate) => candidate.productId === productId);
  const quantityText = item ? String(Number(item.quantity)) : '';
  return {
    quantityText,
    quantity: validQuantity(quantityText),
    unit: item?.unit ?? 0,
    invalid: false,
    saving: sending,
    refusal: null,
    parText: item?.parLevel === undefined ? '' : toDecimalString(toDecimal(item.parLevel)),
    shelfText: item?.shelfPosition === undefined ? '' : String(item.shelfPosition),
    parError: null,
    shelfError: null,
  };
}

export const selectSelectedIds = (s: FavouriteListSnapshot): number[] => s.context.selected;
export const selectAllSelected = (s: FavouriteListSnapshot): boolean => {
  const items = selectShownItems(s);
  return items.length > 0 && items.every((item) => s.context.selected.includes(item.productId));
};

/** The owner can rename, share, delete or remove a line now (not while another write runs). */
export const selectCanChangeList = (s: FavouriteListSnapshot): boolean =>
  s.context.list?.editable === true && s.matches({ loaded: { writes: 'ready' } });

/** The line just removed, while Undo is offered. */
export const selectRemovedItem = (s: FavouriteListSnapshot): FavouriteListItem | null =>
  s.context.removed?.item ?? null;

const failedActions = [
  ['removeFailed', 'remove'],
  ['restoreFailed', 'restore'],
  ['renameFailed', 'rename'],
  ['shareFailed', 'share'],
  ['deleteFailed', 'delete'],
] as const;

/** The change of the list that failed and why, while its message shows (`loaded.notice.failed`). */
export function selectActionError(s: FavouriteListSnapshot): ListActionError | null {
  const failed = failedActions.find(([state]) => s.matches({ loaded: { notice: { failed: state } } }));
  return failed ? { action: failed[1], refusal: s.context.actionRefusal ?? 'generic' } : null;
}
/** Why the name the owner asked for cannot be saved (a translation key), or null. */
export const selectNameError = (s: FavouriteListSnapshot): string | null => s.context.nameError;
/** The Rename dialog may close: the list took the name (or it was the same), no name rule refused it. */
export const selectNameAccepted = (s: FavouriteListSnapshot): boolean => s.context.nameError === null;
export const selectIsRenaming = (s: FavouriteListSnapshot): boolean =>
  s.matches({ loaded: { writes: 'renaming' } });
export const selectIsSharing = (s: FavouriteListSnapshot): boolean =>
  s.matches({ loaded: { writes: 'sharing' } });
/** The switch shows the asked-for value while it is saved. */
export const selectShownShared = (s: FavouriteListSnapshot): boolean =>
  s.context.pendingShared ?? s.context.list?.shared ?? false;
export const selectIsConfirmingDelete = (s: FavouriteListSnapshot): boolean =>
  s.matches({ loaded: { writes: 'confirmingDelete' } }) || s.matches({ loaded: { writes: 'deleting' } });
export const selectIsDeleting = (s: FavouriteListSnapshot): boolean =>
  s.matches({ loaded: { writes: 'deleting' } });

/**
 * The lines to put in the cart (all of them, or the selected ones), each with the quantity and unit
 * the line shows: a valid typed quantity counts even before it is saved; invalid text uses the list's.
 */
export function selectCartLines(s: FavouriteListSnapshot, selectedOnly: boolean): ToCartLine[] {
  return selectShownItems(s)
    .filter((item) => !selectedOnly || s.context.selected.includes(item.productId))
    .map((item) => {
      const shown = selectShownLine(s, item.productId);
      const typed = shown.invalid ? null : shown.quantity;
      return {
        productId: item.productId,
        product: item.product,
        quantity: typed === null ? item.quantity : String(typed),
        unit: shown.unit,
        ...(item.unavailable ? { unavailable: true } : {}),
      };
    });
}

/** Equality for `selectCartLines` results, so a view re-renders only when a line to send changed. */
export const sameCartLines = (a: ToCartLine[], b: ToCartLine[]): boolean =>
  a.length === b.length &&
  a.every(
    (line, index) =>
      line.productId === b[index]?.productId &&
      line.product === b[index]?.product &&
      line.quantity === b[index]?.quantity &&
      line.unit === b[index]?.unit,
  );
