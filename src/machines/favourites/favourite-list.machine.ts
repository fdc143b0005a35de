import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { toDecimal, toDecimalString } from '../../domain/decimal';
import { type FavouriteListCsvHeaders, favouriteListCsv } from '../../domain/favourite-list-csv';
import { favouriteListNameError } from '../../domain/favourite-rules';
import { parLevelError, parseCount, shelfPositionError } from '../../domain/par-level';
import type { PriceBasis } from '../../domain/pricing';
import { parseQuantity } from '../../domain/quantity';
import type {
  FavouriteLineWrite,
  FavouriteList,
  FavouriteListItem,
  FavouriteListSummary,
  Unit,
} from '../../domain/types';
import { isApiError } from '../../services/api';
import { type FileToSave, saveFile } from '../../services/save-file';
import { sendErrorReport } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { tellListChanged } from './favourite-lists.machine';

/** Typing waits this long for the next key before one PUT goes out (the cart's quantity debounce). */
export const FAVOURITE_QUANTITY_DEBOUNCE_MS = 250;

/** Why the server refused a write, as the view words it; anything unknown is `generic` (with retry). */
export type FavouriteRefusal = 'name_taken' | 'not_owner' | 'line_limit' | 'invalid_unit' | 'generic';

/** A line the customer changed: what the line shows until the server has it. */
export interface LineEdit {
  productId: number;
  /** the quantity as typed (kept when it is invalid or its write failed) */
  quantityText: string;
  unit: number;
  /** the text is not a valid quantity: marked, never sent */
  invalid: boolean;
  /** waits to be written */
  dirty: boolean;
  /** the last write of this line failed (the line offers Try again) */
  refusal: FavouriteRefusal | null;
  /** an order guide's par level as typed (empty: none); kept when it is invalid */
  parText: string;
  /** an order guide's shelf position as typed (empty: none); kept when it is invalid */
  shelfText: string;
  /** why the typed par level cannot be saved (a translation key): marked, the line is not sent */
  parError: string | null;
  /** why the typed shelf position cannot be saved (a translation key): marked, the line is not sent */
  shelfError: string | null;
}

/** The order guide's fields of a line (capability `orderGuides`). */
export type GuideField = 'parLevel' | 'shelfPosition';

/** A change of the list itself that failed (the state `loaded.notice.failed.<action>Failed`), and why. */
export interface ListActionError {
  action: 'rename' | 'share' | 'remove' | 'restore' | 'delete';
  refusal: FavouriteRefusal;
}

export interface FavouriteListContext {
  listId: number;
  list: FavouriteList | null;
  edits: LineEdit[];
  /** the selected lines (product ids), for "Add selected to cart" */
  selected: number[];
  /** the name the owner asked for while it is saved */
  pendingName: string | null;
  /** why the typed name cannot be saved (a translation key), or null */
  nameError: string | null;
  pendingShared: boolean | null;
  /** the line write under way */
  sending: FavouriteLineWrite | null;
  /** the line being removed (it is hidden at once) */
  removingId: number | null;
  /** the last line removed and where it stood, while Undo puts it back */
  removed: { item: FavouriteListItem; index: number } | null;
  /** why the last change of the list itself failed, while `loaded.notice.failed` shows it */
  actionRefusal: FavouriteRefusal | null;
  /** why the list did not load */
  error: ErrorInfo | null;
}

export interface FavouriteListInput {
  listId: number;
}

/** What the CSV export is asked: its column titles in the customer's words and settings. */
export interface FavouriteListExportRequest {
  headers: FavouriteListCsvHeaders;
  decimalPlaces: number;
  basis: PriceBasis;
  units: Unit[] | null;
  /** "No longer sold" in the customer's words, for lines without a product */
  noLongerSold: string;
  /** the interface language: the file's decimal separator and field delimiter */
  language: string;
}

export type FavouriteListEvent =
  | { type: 'favouriteList.retried' }
  /** a line was added to the list outside this page's chart (a scanned product): fetch it again */
  | { type: 'favouriteList.reloadRequested' }
  | { type: 'line.quantityTyped'; productId: number; text: string }
  | { type: 'line.unitChanged'; productId: number; unit: number }
  /** a par level or shelf position typed on a line: saved with the line, as its quantity is */
  | { type: 'line.guideTyped'; productId: number; field: GuideField; text: string }
  | { type: 'line.retried'; productId: number }
  | { type: 'line.removeRequested'; productId: number }
  /** Undo of the last removal: the line goes back with its quantity and unit */
  | { type: 'line.restoreRequested' }
  | { type: 'line.restoreDismissed' }
  | { type: 'line.toggled'; productId: number }
  | { type: 'lines.allToggled' }
  | { type: 'favouriteList.renamed'; name: string }
  | { type: 'favouriteList.sharedChanged'; shared: boolean }
  | { type: 'favouriteList.deleteRequested' }
  | { type: 'favouriteList.deleteConfirmed' }
  | { type: 'favouriteList.deleteCancelled' }
  | { type: 'favouriteList.actionErrorDismissed' }
  | ({ type: 'favouriteList.exportRequested' } & FavouriteListExportRequest);

export interface PutLineInput {
  listId: number;
  line: FavouriteLineWrite;
}
export interface RemoveLineInput {
  listId: number;
  productId: number;
}
export interface UpdateListInput {
  listId: number;
  update: { name?: string; shared?: boolean };
}

/** The server's refusal code, sorted into the ones the view words. */
export function refusalOf(error: unknown): FavouriteRefusal {
  const code = isApiError(error) ? error.code : null;
  return code === 'name_taken' || code === 'not_owner' || code === 'line_limit' || code === 'invalid_unit'
    ? code
    : 'generic';
}

const isNotFound = (error: unknown) => toErrorInfo(error).status === 404;

/** The quantity a line's text stands for, or null when it is not a valid one (no stock maximum: a wish). */
export const validQuantity = (text: string): number | null => {
  const parsed = parseQuantity(text);
  return parsed.ok ? parsed.quantity : null;
};

/** The edit of a line, or a fresh one from the list's line. */
function editOf(context: FavouriteListContext, productId: number): LineEdit {
  const existing = context.edits.find((edit) => edit.productId === productId);
  if (existing) return existing;
  const item = context.list?.items.find((candidate) => candidate.productId === productId);
  return {
    productId,
    quantityText: item ? String(Number(item.quantity)) : '1',
    unit: item?.unit ?? 0,
    invalid: false,
    dirty: false,
    refusal: null,
    parText: item?.parLevel === undefined ? '' : toDecimalString(toDecimal(item.parLevel)),
    shelfText: item?.shelfPosition === undefined ? '' : String(item.shelfPosition),
    parError: null,
    shelfError: null,
  };
}

/** Every field of the line can be sent: no invalid quantity, par level or shelf. */
const sendable = (edit: LineEdit): boolean =>
  !edit.invalid && edit.parError === null && edit.shelfError === null;

/** The par level and shelf a valid edit stands for (null: none). */
const guideOf = (edit: LineEdit): { parLevel: string | null; shelfPosition: number | null } => ({
  parLevel: edit.parText.trim() === '' ? null : parseCount(edit.parText),
  shelfPosition: edit.shelfText.trim() === '' ? null : Number(edit.shelfText.trim()),
});

const sameDecimal = (a: string | null, b: string | null): boolean =>
  a === null || b === null ? a === b : toDecimal(a).eq(toDecimal(b));

/**
 * The order guide's fields of a write: only those that differ from the list's line, so a backend
 * without order guides sees the specification's body.
 */
function guideChanges(edit: LineEdit, item: FavouriteListItem | undefined): Partial<FavouriteLineWrite> {
  const guide = guideOf(edit);
  return {
    ...(sameDecimal(guide.parLevel, item?.parLevel ?? null) ? {} : { parLevel: guide.parLevel }),
    ...(guide.shelfPosition === (item?.shelfPosition ?? null) ? {} : { shelfPosition: guide.shelfPosition }),
  };
}

/** The list's line once the server took a write: absent fields unchanged, null ones cleared. */
function lineAfter(item: FavouriteListItem, line: FavouriteLineWrite): FavouriteListItem {
  const { parLevel, shelfPosition, ...rest } = item;
  const par = line.parLevel === undefined ? parLevel : (line.parLevel ?? undefined);
  const shelf = line.shelfPosition === undefined ? shelfPosition : (line.shelfPosition ?? undefined);
  return {
    ...rest,
    quantity: line.quantity,
    unit: line.unit,
    ...(par === undefined ? {} : { parLevel: par }),
    ...(shelf === undefined ? {} : { shelfPosition: shelf }),
  };
}

const withEdit = (edits: LineEdit[], edit: LineEdit): LineEdit[] =>
  edits.some((e) => e.productId === edit.productId)
    ? edits.map((e) => (e.productId === edit.productId ? edit : e))
    : [...edits, edit];

const sentLine = (context: FavouriteListContext): FavouriteLineWrite =>
  context.sending ?? { product: 0, quantity: '1', unit: 0 };

/** The next line waiting to be written. */
const nextDirty = (context: FavouriteListContext): LineEdit | undefined =>
  context.edits.find((edit) => edit.dirty);

/** The file of the list: rows of the list's lines, named after the list. */
export function favouriteListFile(list: FavouriteList, request: FavouriteListExportRequest): FileToSave {
  return {
    content: favouriteListCsv(list, request),
    fileName: favouriteListFileName(list.name),
    mimeType: 'text/csv;charset=utf-8',
  };
}

/** A file name from the list name: letters, digits, spaces, dots, dashes and underscores only. */
export function favouriteListFileName(name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[-. ]+|[-. ]+$/g, '')
    .slice(0, 80);
  return `${safe || 'favourites'}.csv`;
}

export const favouriteListMachine = setup({
  types: {
    context: {} as FavouriteListContext,
    events: {} as FavouriteListEvent,
    input: {} as FavouriteListInput,
    tags: {} as 'busy',
  },
  delays: { quantityDebounce: FAVOURITE_QUANTITY_DEBOUNCE_MS },
  actors: {
    /** all bound by `bindFavouriteList` */
    loadList: notBound<FavouriteList, { listId: number }>('favouriteList.loadList'),
    putLine: notBound<FavouriteListSummary, PutLineInput>('favouriteList.putLine'),
    removeLine: notBound<FavouriteListSummary, RemoveLineInput>('favouriteList.removeLine'),
    updateList: notBound<FavouriteListSummary, UpdateListInput>('favouriteList.updateList'),
    deleteList: notBound<void, { listId: number }>('favouriteList.deleteList'),
  },
  guards: {
    isNotFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    editable: ({ context }) => context.list?.editable === true,
    hasDirtyLine: ({ context }) => nextDirty(context) !== undefined,
    /** a name the owner may save that differs from the list's (the same name again asks nothing) */
    nameValid: ({ context }, params: { name: string }) =>
      context.list?.editable === true &&
      favouriteListNameError(params.name) === null &&
      params.name.trim() !== context.list.name,
    sharedChanged: ({ context }, params: { shared: boolean }) =>
      context.list?.editable === true && params.shared !== context.list.shared,
    hasRemoved: ({ context }) => context.removed !== null,
    onList: ({ context }, params: { productId: number }) =>
      context.list?.editable === true &&
      context.list.items.some((item) => item.productId === params.productId),
  },
  actions: {
    keepList: assign((_, params: { list: FavouriteList }) => ({
      list: params.list,
      edits: [],
      error: null,
      selected: [],
    })),
    keepLoadError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    takeQuantity: assign(({ context }, params: { productId: number; text: string }) => {
      if (context.list?.editable !== true) return {};
      const valid = validQuantity(params.text) !== null;
      const edit = editOf(context, params.productId);
      const next = { ...edit, quantityText: params.text, invalid: !valid };
      return { edits: withEdit(context.edits, { ...next, dirty: sendable(next), refusal: null }) };
    }),
    takeGuide: assign(({ context }, params: { productId: number; field: GuideField; text: string }) => {
      if (context.list?.editable !== true) return {};
      const edit = editOf(context, params.productId);
      const next =
        params.field === 'parLevel'
          ? { ...edit, parText: params.text, parError: parLevelError(params.text) }
          : { ...edit, shelfText: params.text, shelfError: shelfPositionError(params.text) };
      return { edits: withEdit(context.edits, { ...next, dirty: sendable(next), refusal: null }) };
    }),
    takeUnit: assign(({ context }, params: { productId: number; unit: number }) => {
      if (context.list?.editable !== true) return {};
      const edit = editOf(context, params.productId);
      return {
        edits: withEdit(context.edits, { ...edit, unit: params.unit, dirty: sendable(edit), refusal: null }),
      };
    }),
    markRetried: assign(({ context }, params: { productId: number }) => {
      const edit = context.edits.find((e) => e.productId === params.productId);
      if (!edit || !sendable(edit)) return {};
      return { edits: withEdit(context.edits, { ...edit, dirty: true, refusal: null }) };
    }),
    /** the write goes out: the line no longer waits (a newer change marks it again) */
    markSent: assign(({ context }) => {
      const edit = nextDirty(context);
      if (!edit) return {};
      const item = context.list?.items.find((candidate) => candidate.productId === edit.productId);
      const sending: FavouriteLineWrite = {
        product: edit.productId,
        quantity: String(validQuantity(edit.quantityText)),
        unit: edit.unit,
        ...guideChanges(edit, item),
      };
      return { edits: withEdit(context.edits, { ...edit, dirty: false }), sending };
    }),
    /** the server has the line: it is the list's, and the edit is forgotten unless newer input waits */
    confirmLine: assign(
      ({ context }, params: { line: FavouriteLineWrite; summary: FavouriteListSummary }) => {
        if (!context.list) return {};
        const items = context.list.items.map((item) =>
          item.productId === params.line.product ? lineAfter(item, params.line) : item,
        );
        const saved = items.find((item) => item.productId === params.line.product);
        const edits = context.edits.filter(
          (edit) =>
            edit.productId !== params.line.product ||
            edit.dirty ||
            !sendable(edit) ||
            String(validQuantity(edit.quantityText)) !== params.line.quantity ||
            edit.unit !== params.line.unit ||
            Object.keys(guideChanges(edit, saved)).length > 0,
        );
        return { list: { ...context.list, ...params.summary, items }, edits, sending: null };
      },
    ),
    failLine: assign(({ context }, params: { productId: number; error: unknown }) => {
      const edit = context.edits.find((e) => e.productId === params.productId);
      if (!edit) return {};
      return { edits: withEdit(context.edits, { ...edit, refusal: refusalOf(params.error) }), sending: null };
    }),
    toggleLine: assign(({ context }, params: { productId: number }) => ({
      selected: context.selected.includes(params.productId)
        ? context.selected.filter((id) => id !== params.productId)
        : [...context.selected, params.productId],
    })),
    toggleAll: assign(({ context }) => {
      const all = context.list?.items.map((item) => item.productId) ?? [];
      return { selected: context.selected.length === all.length ? [] : all };
    }),
    keepRemoving: assign(({ context }, params: { productId: number }) => ({
      removingId: params.productId,
      removed: null,
      edits: context.edits.filter((edit) => edit.productId !== params.productId),
      selected: context.selected.filter((id) => id !== params.productId),
    })),
    dropLine: assign(({ context }, params: { summary: FavouriteListSummary }) => {
      if (!context.list) return {};
      const index = context.list.items.findIndex((item) => item.productId === context.removingId);
      const item = context.list.items[index];
      const items = context.list.items.filter((candidate) => candidate.productId !== context.removingId);
      return {
        list: { ...context.list, ...params.summary, items },
        removingId: null,
        removed: item ? { item, index } : null,
      };
    }),
    /** the removed line is on the list again, where it stood */
    restoreLine: assign(({ context }, params: { summary: FavouriteListSummary }) => {
      if (!context.list || !context.removed) return {};
      const items = [...context.list.items];
      items.splice(context.removed.index, 0, context.removed.item);
      return { list: { ...context.list, ...params.summary, items }, removed: null };
    }),
    forgetRemoved: assign({ removed: null }),
    keepName: assign((_, params: { name: string }) => ({
      pendingName: params.name.trim(),
      nameError: null,
    })),
    keepNameError: assign(({ context }, params: { name: string }) => ({
      nameError: context.list?.editable === true ? favouriteListNameError(params.name) : null,
    })),
    keepShared: assign((_, params: { shared: boolean }) => ({
      pendingShared: params.shared,
    })),
    keepSummary: assign(({ context }, params: { summary: FavouriteListSummary }) => ({
      list: context.list ? { ...context.list, ...params.summary } : null,
      pendingName: null,
      pendingShared: null,
    })),
    failAction: assign((_, params: { error: unknown }) => ({
      actionRefusal: refusalOf(params.error),
      pendingName: null,
      pendingShared: null,
      removingId: null,
    })),
    dismissActionError: assign({ actionRefusal: null, nameError: null }),
    /** tell the app's favourite lists; no-ops here, bound by `bindFavouriteList` */
    listChanged: (_, _params: { list: FavouriteListSummary }) => undefined,
    listRemoved: (_, _params: { id: number }) => undefined,
    /** hands the CSV file to the browser; a no-op here, bound by `bindFavouriteList` */
    saveFile: (_, _params: { file: FileToSave }) => undefined,
  },
}).createMachine({
  id: 'favouriteList',
  context: ({ input }) => ({
    listId: input.listId,
    list: null,
    edits: [],
    selected: [],
    pendingName: null,
    nameError: null,
    pendingShared: null,
    sending: null,
    removingId: null,
    removed: null,
    actionRefusal: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The list page shows "All favourite lists" (a link back) and "Loading the list…" while the list is fetched.',
      tags: 'busy',
      invoke: {
        id: 'loadList',
        src: 'loadList',
        input: ({ context }) => ({ listId: context.listId }),
        onDone: {
          target: 'loaded',
          actions: { type: 'keepList', params: ({ event }) => ({ list: event.output }) },
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'failed',
            actions: { type: 'keepLoadError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description: 'The page says "The list could not be loaded." with Try again, which fetches it again.',
      on: { 'favouriteList.retried': 'loading' },
    },
    notFound: {
      description:
        'The page says "List not found": the list does not exist or is a colleague\'s list that is not shared; the link back to all favourite lists stays.',
    },
    loaded: {
      description:
        "The list page shows the list's name, its sharing, Rename and Delete list (for its owner; a colleague's shared list says who shares it and cannot be changed), the toolbar (Add all to cart, Add selected, Export CSV) and the lines with price, stock, quantity and unit.",
      type: 'parallel',
      on: {
        'line.toggled': {
          actions: { type: 'toggleLine', params: ({ event }) => ({ productId: event.productId }) },
        },
        'lines.allToggled': { actions: 'toggleAll' },
        'favouriteList.exportRequested': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (context.list)
              enqueue({ type: 'saveFile', params: { file: favouriteListFile(context.list, event) } });
          }),
        },
      },
      states: {
        writes: {
          description:
            'What is being written: one change at a time, lines and the list itself; a line changed meanwhile is written once the list is ready again.',
          initial: 'ready',
          // typed while a write runs: kept on the line, written once the list is ready again
          on: {
            'line.quantityTyped': {
              actions: {
                type: 'takeQuantity',
                params: ({ event }) => ({ productId: event.productId, text: event.text }),
              },
            },
            'line.unitChanged': {
              actions: {
                type: 'takeUnit',
                params: ({ event }) => ({ productId: event.productId, unit: event.unit }),
              },
            },
            'line.guideTyped': {
              actions: {
                type: 'takeGuide',
                params: ({ event }) => ({ productId: event.productId, field: event.field, text: event.text }),
              },
            },
            'line.retried': {
              actions: { type: 'markRetried', params: ({ event }) => ({ productId: event.productId }) },
            },
          },
          states: {
            ready: {
              description:
                'Nothing is being written: the owner may change quantities, units, par levels and shelves, remove lines, rename, share or delete the list; Export CSV downloads it.',
              initial: 'idle',
              on: {
                // each key starts the debounce again (debouncing is entered anew)
                'line.quantityTyped': {
                  target: '.debouncing',
                  actions: {
                    type: 'takeQuantity',
                    params: ({ event }) => ({ productId: event.productId, text: event.text }),
                  },
                },
                'line.unitChanged': {
                  target: '.debouncing',
                  actions: {
                    type: 'takeUnit',
                    params: ({ event }) => ({ productId: event.productId, unit: event.unit }),
                  },
                },
                'line.guideTyped': {
                  target: '.debouncing',
                  actions: {
                    type: 'takeGuide',
                    params: ({ event }) => ({
                      productId: event.productId,
                      field: event.field,
                      text: event.text,
                    }),
                  },
                },
                'line.retried': {
                  target: '.debouncing',
                  actions: { type: 'markRetried', params: ({ event }) => ({ productId: event.productId }) },
                },
                'line.restoreRequested': { guard: 'hasRemoved', target: 'restoring' },
                'line.restoreDismissed': { actions: 'forgetRemoved' },
                'line.removeRequested': {
                  guard: { type: 'onList', params: ({ event }) => ({ productId: event.productId }) },
                  target: 'removing',
                  actions: { type: 'keepRemoving', params: ({ event }) => ({ productId: event.productId }) },
                },
                'favouriteList.renamed': [
                  {
                    guard: { type: 'nameValid', params: ({ event }) => ({ name: event.name }) },
                    target: 'renaming',
                    actions: { type: 'keepName', params: ({ event }) => ({ name: event.name }) },
                  },
                  { actions: { type: 'keepNameError', params: ({ event }) => ({ name: event.name }) } },
                ],
                'favouriteList.sharedChanged': {
                  guard: { type: 'sharedChanged', params: ({ event }) => ({ shared: event.shared }) },
                  target: 'sharing',
                  actions: { type: 'keepShared', params: ({ event }) => ({ shared: event.shared }) },
                },
                'favouriteList.deleteRequested': { guard: 'editable', target: 'confirmingDelete' },
              },
              states: {
                idle: {
                  description:
                    'The lines show what is saved; a line whose save failed shows the message with Try again.',
                  always: { guard: 'hasDirtyLine', target: 'debouncing' },
                  // a line added from elsewhere (a scanned product): the list is fetched again, never mid-write
                  on: { 'favouriteList.reloadRequested': '#favouriteList.loading' },
                },
                debouncing: {
                  description:
                    'The owner is typing a quantity, par level or shelf or changing a unit; it is saved once the typing pauses (an invalid quantity shows "You have selected an invalid amount…", an invalid par level or shelf says why on its field, and the line is not saved).',
                  after: {
                    quantityDebounce: [
                      { guard: 'hasDirtyLine', target: '#favouriteList.loaded.writes.saving' },
                      { target: 'idle' },
                    ],
                  },
                },
              },
            },
            saving: {
              description:
                'The line being saved shows a small spinner by its quantity; lines are saved one at a time, and a change typed meanwhile is saved next. A line the server refuses shows why with Try again. Rename, share, delete and removing lines wait until it is done.',
              tags: 'busy',
              entry: 'markSent',
              invoke: {
                id: 'putLine',
                src: 'putLine',
                // `markSent` ran on entry: `sending` is the line's write
                input: ({ context }) => ({ listId: context.listId, line: sentLine(context) }),
                onDone: {
                  target: 'ready',
                  actions: [
                    {
                      type: 'confirmLine',
                      params: ({ context, event }) => ({ line: sentLine(context), summary: event.output }),
                    },
                    { type: 'listChanged', params: ({ event }) => ({ list: event.output }) },
                  ],
                },
                // the refusal is the line's own (several lines can fail): it shows on that line
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'failLine',
                    params: ({ context, event }) => ({
                      productId: sentLine(context).product,
                      error: event.error,
                    }),
                  },
                },
              },
            },
            removing: {
              description:
                "The line's removal is sent to the server; when it is done the line is gone and a note says it was removed, with Undo. Other changes wait until it is done.",
              tags: 'busy',
              invoke: {
                id: 'removeLine',
                src: 'removeLine',
                input: ({ context }) => ({ listId: context.listId, productId: context.removingId ?? 0 }),
                onDone: {
                  target: ['ready', '#favouriteList.loaded.notice.none'],
                  actions: [
                    { type: 'dropLine', params: ({ event }) => ({ summary: event.output }) },
                    { type: 'listChanged', params: ({ event }) => ({ list: event.output }) },
                  ],
                },
                onError: {
                  target: ['ready', '#favouriteList.loaded.notice.failed.removeFailed'],
                  actions: { type: 'failAction', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            restoring: {
              description: 'After Undo, the removed line is put back with its quantity and unit.',
              tags: 'busy',
              invoke: {
                id: 'restoreLine',
                src: 'putLine',
                input: ({ context }) => ({
                  listId: context.listId,
                  line: {
                    product: context.removed?.item.productId ?? 0,
                    quantity: context.removed?.item.quantity ?? '1',
                    unit: context.removed?.item.unit ?? 0,
                  },
                }),
                onDone: {
                  target: ['ready', '#favouriteList.loaded.notice.none'],
                  actions: [
                    { type: 'restoreLine', params: ({ event }) => ({ summary: event.output }) },
                    { type: 'listChanged', params: ({ event }) => ({ list: event.output }) },
                  ],
                },
                onError: {
                  target: ['ready', '#favouriteList.loaded.notice.failed.restoreFailed'],
                  actions: [
                    { type: 'failAction', params: ({ event }) => ({ error: event.error }) },
                    'forgetRemoved',
                  ],
                },
              },
            },
            renaming: {
              description: 'The Rename button is disabled while the server saves the new name.',
              tags: 'busy',
              invoke: {
                id: 'rename',
                src: 'updateList',
                input: ({ context }) => ({
                  listId: context.listId,
                  update: { name: context.pendingName ?? '' },
                }),
                onDone: {
                  target: ['ready', '#favouriteList.loaded.notice.none'],
                  actions: [
                    { type: 'keepSummary', params: ({ event }) => ({ summary: event.output }) },
                    { type: 'listChanged', params: ({ event }) => ({ list: event.output }) },
                  ],
                },
                onError: {
                  target: ['ready', '#favouriteList.loaded.notice.failed.renameFailed'],
                  actions: { type: 'failAction', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            sharing: {
              description:
                'The "Shared with the company" switch is disabled while the server saves the change.',
              tags: 'busy',
              invoke: {
                id: 'share',
                src: 'updateList',
                input: ({ context }) => ({
                  listId: context.listId,
                  update: { shared: context.pendingShared === true },
                }),
                onDone: {
                  target: ['ready', '#favouriteList.loaded.notice.none'],
                  actions: [
                    { type: 'keepSummary', params: ({ event }) => ({ summary: event.output }) },
                    { type: 'listChanged', params: ({ event }) => ({ list: event.output }) },
                  ],
                },
                onError: {
                  target: ['ready', '#favouriteList.loaded.notice.failed.shareFailed'],
                  actions: { type: 'failAction', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            confirmingDelete: {
              description:
                'A dialog asks "Delete this list?" (for everyone who uses it, cannot be undone), with Delete and Cancel.',
              on: {
                'favouriteList.deleteConfirmed': 'deleting',
                'favouriteList.deleteCancelled': 'ready',
              },
            },
            deleting: {
              description: 'The delete dialog says "Deleting…" while the server deletes the list.',
              tags: 'busy',
              invoke: {
                id: 'deleteList',
                src: 'deleteList',
                input: ({ context }) => ({ listId: context.listId }),
                onDone: {
                  target: '#favouriteList.deleted',
                  actions: { type: 'listRemoved', params: ({ context }) => ({ id: context.listId }) },
                },
                onError: {
                  target: ['ready', '#favouriteList.loaded.notice.failed.deleteFailed'],
                  actions: { type: 'failAction', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        notice: {
          description: 'Whether a message says that a change of the list itself did not happen.',
          initial: 'none',
          states: {
            none: { description: 'No message shows above the lines.' },
            failed: {
              description:
                'Above the lines a message says why the change did not happen (such as a name already taken), with Close; doing the change again is the retry, and when a later change of the list succeeds the message goes.',
              on: {
                'favouriteList.actionErrorDismissed': { target: 'none', actions: 'dismissActionError' },
              },
              // entered only through a child: the change that failed
              initial: 'removeFailed',
              states: {
                removeFailed: {
                  description: 'The message says the line could not be removed; it is on the list again.',
                },
                restoreFailed: { description: 'The message says the removed line could not be put back.' },
                renameFailed: { description: 'The message says the list could not be renamed, and why.' },
                shareFailed: {
                  description: "The list's sharing could not be changed: the switch shows it as it was.",
                },
                deleteFailed: {
                  description: 'The delete dialog has closed; the message says the list was not deleted.',
                },
              },
            },
          },
        },
      },
    },
    deleted: {
      description:
        'The list is deleted: the page goes back to all favourite lists, where it no longer appears.',
      type: 'final',
    },
  },
});

/** The one-list screen bound to the ports: the API calls, the app's favourite lists and the download. */
export const bindFavouriteList = ({ api, favouriteLists }: Ports) =>
  favouriteListMachine.provide({
    actors: {
      loadList: fromPromise<FavouriteList, { listId: number }>(({ input, signal }) =>
        untilAborted(signal, api.favouriteList(input.listId, { signal })),
      ),
      putLine: fromPromise<FavouriteListSummary, PutLineInput>(({ input, signal }) =>
        untilAborted(signal, api.putFavouriteItem(input.listId, input.line, { signal })),
      ),
      removeLine: fromPromise<FavouriteListSummary, RemoveLineInput>(({ input, signal }) =>
        untilAborted(signal, api.removeFavouriteItem(input.listId, input.productId, { signal })),
      ),
      updateList: fromPromise<FavouriteListSummary, UpdateListInput>(({ input, signal }) =>
        untilAborted(signal, api.updateFavouriteList(input.listId, input.update, { signal })),
      ),
      deleteList: fromPromise<void, { listId: number }>(({ input, signal }) =>
        untilAborted(signal, api.deleteFavouriteList(input.listId, { signal })),
      ),
    },
    actions: {
      listChanged: tellListChanged({ favouriteLists }),
      listRemoved: enqueueActions(({ enqueue }, params: { id: number }) => {
        const target = favouriteLists();
        if (target) enqueue.sendTo(target, { type: 'favourites.listRemoved', id: params.id });
      }),
      saveFile: (_, params: { file: FileToSave }) => {
        try {
          saveFile(params.file);
        } catch (error) {
          // a refused download (permissions) leaves the list as it is; the report says why
          sendErrorReport(api, 'favouriteList', error);
        }
      },
    },
  });
