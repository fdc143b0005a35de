// Edges: the domain's Order and Product in, the PUT body (OrderAmendment) out; quantities as the cart's control keeps them.

import { quantityOfWire } from '../../domain/quantity';
import {
  maxQuantityFor,
  type QuantityControl,
  quantityControlAt,
  quantityDecreased,
  quantityIncreased,
  quantityWithin,
  typeQuantity,
} from '../../domain/quantity-control';
import type { IsoDate, Order, OrderAmendment, Product, Unit } from '../../domain/types';
import { orderableUnits } from '../../domain/units';

/** One line of the amendment as the buyer edits it: the cart line's quantity control and unit, kept locally. */
export interface DraftLine {
  /** stable while the draft lives (a product may come back after its line was removed) */
  key: string;
  product: Product;
  control: QuantityControl;
  unit: number;
  campaign: number | null;
}

/** What is edited: the lines, the day and the note; compared with the order to tell unsent changes. */
export interface AmendmentDraft {
  lines: DraftLine[];
  day: IsoDate | '';
  note: string;
  /** the number in the next added line's key */
  nextKey: number;
}

/** The order's day: the one the buyer chose, else the first suborder's expected one. */
const orderDay = (order: Order): IsoDate | '' =>
  order.expectedDeliveryDate ??
  order.suborders.find((suborder) => suborder.estimatedDeliveryDate)?.estimatedDeliveryDate ??
  '';

/** The order's lines as a draft: every suborder's items, in order. */
export function draftOf(order: Order): AmendmentDraft {
  const lines = order.suborders
    .flatMap((suborder) => suborder.items)
    .map(
      (item, index): DraftLine => ({
        key: `line-${index}`,
        product: item.product,
        control: quantityControlAt(quantityOfWire(item.quantity)),
        unit: item.unit,
        campaign: item.campaign,
      }),
    );
  return { lines, day: orderDay(order), note: order.customerNote ?? '', nextKey: lines.length };
}

/** The key prefix of lines added in the draft (the order's own lines are `line-<n>`). */
const NEW_LINE = 'new-';

/**
 * No stock maximum on a line that was ordered already: the stock shown today excludes what this
 * order holds, which the server gives back before it checks the new lines. New lines are bound by the
 * stock; the server's refusal (400 at the line) says the rest.
 */
export const draftLineMax = (line: DraftLine, units: readonly Unit[] | null) =>
  line.key.startsWith(NEW_LINE) ? maxQuantityFor(line.product, line.unit, units) : null;
const maxOf = draftLineMax;

const changeLine = (draft: AmendmentDraft, key: string, change: (line: DraftLine) => DraftLine) => ({
  ...draft,
  lines: draft.lines.map((line) => (line.key === key ? change(line) : line)),
});

/** Typed text in a line's quantity box: the cart's rules (digits only, clamped to the stock in its unit). */
export const typeLineQuantity = (draft: AmendmentDraft, key: string, text: string, units: Unit[] | null) =>
  changeLine(draft, key, (line) => ({ ...line, control: typeQuantity(text, maxOf(line, units)) }));

export const stepLineQuantity = (
  draft: AmendmentDraft,
  key: string,
  step: 'increase' | 'decrease',
  units: Unit[] | null,
) =>
  changeLine(draft, key, (line) => ({
    ...line,
    control: (step === 'increase' ? quantityIncreased : quantityDecreased)(
      line.control.quantity,
      maxOf(line, units),
    ),
  }));

/** Another unit keeps the quantity, brought within the stock in that unit (as a cart line does). */
export const changeLineUnit = (draft: AmendmentDraft, key: string, unit: number, units: Unit[] | null) =>
  changeLine(draft, key, (line) => {
    const moved = { ...line, unit };
    const quantity = line.control.quantity ?? 1;
    return { ...moved, control: quantityControlAt(quantityWithin(quantity, maxOf(moved, units))) };
  });

export const removeLine = (draft: AmendmentDraft, key: string): AmendmentDraft => ({
  ...draft,
  lines: draft.lines.filter((line) => line.key !== key),
});

/**
 * A product from search or a favourite list: one of its unit (the list's preferred quantity and unit,
 * else one of the first orderable unit); a product already on a line adds to that line instead, as the
 * server takes each product once.
 */
export function addProduct(
  draft: AmendmentDraft,
  product: Product,
  units: Unit[] | null,
  preferred?: { quantity: number; unit: number },
): AmendmentDraft {
  const existing = draft.lines.find((line) => line.product.id === product.id);
  const quantity = preferred?.quantity ?? 1;
  if (existing) {
    const sum = (existing.control.quantity ?? 0) + quantity;
    return changeLine(draft, existing.key, (line) => ({
      ...line,
      control: quantityControlAt(quantityWithin(sum, maxOf(line, units))),
    }));
  }
  const unit = preferred?.unit ?? (units ? orderableUnits(product, units)[0]?.id : undefined) ?? 1;
  const line: DraftLine = {
    key: `${NEW_LINE}${draft.nextKey}`,
    product,
    control: quantityControlAt(quantity),
    unit,
    campaign: null,
  };
  return { ...draft, lines: [...draft.lines, line], nextKey: draft.nextKey + 1 };
}

/** Whether the draft can be reviewed: at least one line, every quantity valid, a day chosen. */
export const isDraftComplete = (draft: AmendmentDraft): boolean =>
  draft.lines.length > 0 && draft.lines.every((line) => line.control.quantity !== null) && draft.day !== '';

const comparable = (draft: AmendmentDraft) =>
  JSON.stringify([
    draft.lines.map((line) => [line.product.id, line.control.quantityText, line.unit]),
    draft.day,
    draft.note,
  ]);

/** Whether the draft differs from the order it started from (leaving asks first). */
export const hasDraftChanges = (draft: AmendmentDraft, order: Order): boolean =>
  comparable(draft) !== comparable(draftOf(order));

/** The PUT body: the draft's lines in their order (a refusal's `items.{n}` names the n-th line shown). */
export const amendmentOf = (draft: AmendmentDraft, order: Order): OrderAmendment => ({
  version: order.version ?? 1,
  items: draft.lines.map((line) => ({
    product: line.product.id,
    quantity: String(line.control.quantity ?? 0),
    unit: line.unit,
    ...(line.campaign === null ? {} : { campaign: line.campaign }),
  })),
  expectedDeliveryDate: draft.day,
  customerNote: draft.note,
});

/** One line of the review: what the draft does to a product of the order. */
export type LineChange =
  | { kind: 'added'; name: string; to: { quantity: number; unit: number } }
  | { kind: 'removed'; name: string; from: { quantity: number; unit: number } }
  | {
      kind: 'changed';
      name: string;
      from: { quantity: number; unit: number };
      to: { quantity: number; unit: number };
    };

/** What the review lists: lines added, removed and changed (by product), the day and the note. */
export function draftChanges(draft: AmendmentDraft, order: Order) {
  const before = draftOf(order);
  const amount = (line: DraftLine) => ({ quantity: line.control.quantity ?? 0, unit: line.unit });
  const lines: LineChange[] = [];
  for (const line of before.lines) {
    const now = draft.lines.find((candidate) => candidate.product.id === line.product.id);
    if (!now) lines.push({ kind: 'removed', name: line.product.name, from: amount(line) });
    else if (now.control.quantity !== line.control.quantity || now.unit !== line.unit)
      lines.push({ kind: 'changed', name: line.product.name, from: amount(line), to: amount(now) });
  }
  for (const line of draft.lines)
    if (!before.lines.some((candidate) => candidate.product.id === line.product.id))
      lines.push({ kind: 'added', name: line.product.name, to: amount(line) });
  return {
    lines,
    day: draft.day === before.day ? null : { from: before.day, to: draft.day },
    note: draft.note === before.note ? null : draft.note,
  };
}
