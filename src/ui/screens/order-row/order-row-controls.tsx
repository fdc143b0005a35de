import { useSelector } from '@xstate/react';
import { Check, ShoppingCart } from 'lucide-react';
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { stockFigure } from '../../../domain/stock';
import type { CampaignProduct, Product } from '../../../domain/types';
import type { CartLineRef } from '../../../machines/cart';
import {
  selectIsLineQuantityDisabled,
  selectIsLineSaving,
  selectLineQuantity,
  selectLineQuantityMessageKey,
  selectLineQuantityText,
  selectLineRefOf,
  selectLineUnit,
} from '../../../machines/cart';
import type { ProductRowRef } from '../../../machines/product';
import {
  type ProductRowSnapshot,
  selectCanRowAdd,
  selectIsRowAdding,
  selectRowQuantityMessageKey,
  selectRowQuantityText,
  selectRowUnitId,
  selectRowUnits,
} from '../../../machines/product';
import { Spinner } from '../../components/spinner';
import { LineRefusalMessage } from '../cart/line-refusal';
import { type OrderRowsKit, OrderRowsProvider, useOrderRowsKit } from './order-rows-kit';
import { RowQuantityBox } from './row-quantity-box';
import { StockFigure } from './stock-figure';

type RowProduct = Product | CampaignProduct;

const NO_UNITS: never[] = [];

/**
 * `inline`: figure and controls on one line (a table cell, a list row on the desktop);
 * `stacked`: the same, wrapping under the name on phones (the caller places it).
 */
type OrderRowLayout = 'inline' | 'stacked';

/**
 * A list row's ordering controls: the stock figure, a quantity box, a unit choice and an add
 * button; for a product in the cart the cart line's own quantity and unit (edited in place, saved as
 * in the drawer) with an "In cart" mark. Nothing for a demo user. Works inside a list's
 * OrderRowsProvider (shared translation, units and cart) or on its own.
 */
export function OrderRowControls({
  product,
  layout = 'inline',
}: {
  product: RowProduct;
  layout?: OrderRowLayout;
}) {
  const kit = useOrderRowsKit();
  if (!kit)
    return (
      <OrderRowsProvider>
        <OrderRowControls product={product} layout={layout} />
      </OrderRowsProvider>
    );
  return <RowControls kit={kit} product={product} layout={layout} />;
}

const RowControls = memo(function RowControls({
  kit,
  product,
  layout,
}: {
  kit: OrderRowsKit;
  product: RowProduct;
  layout: OrderRowLayout;
}) {
  const line = useSelector(kit.cart, (s) => (s ? selectLineRefOf(s, product.id) : undefined));
  // a demo user (figures withheld) sees neither the figure nor the controls
  if (kit.isDemo || product.quantityInStock === null) return null;
  // A virtual list's row has a fixed height: its controls never wrap to a line it has no room for
  // (a longer stock text, Arabic's among them, shortens with an ellipsis instead).
  const wrap = layout === 'stacked' ? 'flex-wrap' : 'flex-nowrap';
  const figureClass = layout === 'stacked' ? 'min-w-20' : 'min-w-0 shrink truncate';
  return (
    <div className={`flex items-center gap-2 ${wrap}`}>
      <StockFigure product={product} className={figureClass} />
      {line ? (
        <InCartControls kit={kit} product={product} line={line} />
      ) : (
        <AddControls kit={kit} product={product} />
      )}
    </div>
  );
});

const selectClass =
  'tap-target max-w-32 shrink-0 rounded-md border border-line bg-surface-raised px-2 disabled:opacity-50';

/** What a woken row shows, read from its machine in one subscription (a row mounts with one, not six). */
interface RowView {
  text: string;
  unitId: number | null;
  messageKey: ReturnType<typeof selectRowQuantityMessageKey>;
  canAdd: boolean;
  adding: boolean;
  units: ReturnType<typeof selectRowUnits>;
}

const selectRowView = (s: ProductRowSnapshot): RowView => ({
  text: selectRowQuantityText(s),
  unitId: selectRowUnitId(s),
  messageKey: selectRowQuantityMessageKey(s),
  canAdd: selectCanRowAdd(s),
  adding: selectIsRowAdding(s),
  units: selectRowUnits(s),
});

const sameRowView = (a: RowView | null, b: RowView | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.text === b.text &&
    a.unitId === b.unitId &&
    a.messageKey === b.messageKey &&
    a.canAdd === b.canAdd &&
    a.adding === b.adding &&
    a.units === b.units);

/**
 * A row not in the cart. Until the customer touches it, it is plain markup showing what its machine
 * would show (the product dialog's default line: primary unit, 1), worked out once per product without
 * running it; its machine starts on focus, typing or the add button and stops with the row, so a
 * scrolled-past row costs no actor.
 */
function AddControls({ kit, product }: { kit: OrderRowsKit; product: RowProduct }) {
  const { t } = kit;
  const messageId = useId();
  const [row, setRow] = useState<ProductRowRef | undefined>(undefined);
  const rowRef = useRef<ProductRowRef | undefined>(undefined);
  const { choices, resting, quantityLabel, unitLabel, addLabel } = kit.basicsOf(product);
  const wake = (): ProductRowRef => {
    if (!rowRef.current) {
      rowRef.current = kit.createRow(product);
      setRow(rowRef.current);
    }
    return rowRef.current;
  };
  useEffect(() => () => rowRef.current?.stop(), []);
  // until woken the row reads the snapshot its machine would have: the chart's answers, not a copy of them
  const live = useSelector(row, (s) => (s ? selectRowView(s) : null), sameRowView);
  const idle = useMemo(() => selectRowView(resting), [resting]);
  const view = live ?? idle;
  const rowUnits = live?.units;
  useEffect(() => {
    if (row && kit.units && rowUnits !== kit.units)
      row.send({ type: 'productRow.unitsLoaded', units: kit.units });
  }, [row, rowUnits, kit.units]);

  const { text, unitId, messageKey, canAdd, adding } = view;
  // the figure's rule: less than one whole unit left is out of stock (the figure says so too)
  const outOfStock = stockFigure(product.quantityInStock).kind === 'outOfStock';
  const add = (from?: HTMLInputElement) => {
    // what the row shows as addable (the machine's guard decides again on arrival)
    if (!canAdd) return;
    wake().send({ type: 'productRow.addRequested' });
    if (from) kit.focusNext(from);
  };
  // an empty box reads as "some": the choices name the units in the plural meanwhile
  const count = text.trim() === '' ? 2 : text;

  return (
    <>
      <RowQuantityBox
        label={quantityLabel}
        text={outOfStock ? '' : text}
        message={messageKey ? t(messageKey) : null}
        messageId={messageId}
        disabled={outOfStock || unitId === null}
        onWake={wake}
        onType={(typed) => wake().send({ type: 'productRow.quantityTyped', text: typed })}
        onEnter={(box) => add(box)}
      />
      <select
        aria-label={unitLabel}
        value={unitId ?? ''}
        disabled={outOfStock || choices.length === 0}
        onFocus={wake}
        onChange={(event) =>
          wake().send({ type: 'productRow.unitSelected', unitId: Number(event.target.value) })
        }
        className={selectClass}
      >
        {choices.length === 0 && <option value={unitId ?? ''}>…</option>}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {kit.unitNameOf(choice, count)}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-label={addLabel}
        disabled={!canAdd || outOfStock}
        aria-busy={adding}
        onClick={() => add()}
        className="tap-target inline-flex shrink-0 items-center justify-center gap-1 rounded-md bg-brand px-3 font-semibold text-brand-contrast hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-50"
      >
        {adding ? (
          <Spinner className="size-4" />
        ) : (
          <ShoppingCart aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        )}
        <span aria-hidden="true">{kit.addText}</span>
      </button>
    </>
  );
}

/**
 * A row whose product is in the cart: the cart line's own actor (the drawer's), so a change here is
 * the drawer's debounced PUT and shows in the drawer at once. Enter moves on (the change is already
 * on its way).
 */
function InCartControls({
  kit,
  product,
  line,
}: {
  kit: OrderRowsKit;
  product: RowProduct;
  line: CartLineRef;
}) {
  const { t } = kit;
  const messageId = useId();
  const { choices, quantityLabel, unitLabel } = kit.basicsOf(product);
  const text = useSelector(line, selectLineQuantityText);
  const quantity = useSelector(line, selectLineQuantity);
  const unit = useSelector(line, selectLineUnit);
  const messageKey = useSelector(line, selectLineQuantityMessageKey);
  const disabled = useSelector(line, selectIsLineQuantityDisabled);
  const saving = useSelector(line, selectIsLineSaving);
  return (
    <>
      <RowQuantityBox
        label={quantityLabel}
        text={text}
        message={messageKey ? t(messageKey) : null}
        messageId={messageId}
        disabled={disabled}
        onType={(typed) => line.send({ type: 'line.quantityTyped', text: typed })}
        onEnter={(box) => kit.focusNext(box)}
      />
      <span className="relative inline-flex shrink-0">
        <select
          aria-label={unitLabel}
          value={unit}
          onChange={(event) => line.send({ type: 'line.unitChanged', unit: Number(event.target.value) })}
          className={selectClass}
        >
          {choices.length === 0 && <option value={unit}>…</option>}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {kit.unitNameOf(choice, quantity)}
            </option>
          ))}
        </select>
        {/* the drawer's refusal, over the rows below like the quantity box's message: a row keeps its height */}
        <LineRefusalMessage
          line={line}
          units={kit.units ?? NO_UNITS}
          className="absolute top-full end-0 z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] border border-danger/40 text-sm shadow-md"
        />
      </span>
      <span className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md border border-line px-3 font-medium text-fg desktop:min-h-9">
        {saving ? <Spinner className="size-4" /> : <Check aria-hidden="true" className="size-4 text-brand" />}
        {kit.inCartText}
      </span>
    </>
  );
}
