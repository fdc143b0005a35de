import { useSelector } from '@xstate/react';
import { CircleAlert, RotateCw, X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lineUnitName, priceInUnit } from '../../../domain/favourite-list-csv';
import type { FavouriteListItem, Unit } from '../../../domain/types';
import { orderableUnits } from '../../../domain/units';
import { selectCanChangeList, selectSelectedIds, selectShownLine } from '../../../machines/favourites';
import { Price } from '../../app/price/price';
import { ProductImage } from '../../components/product-image';
import { Spinner } from '../../components/spinner';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { StockFigure } from '../order-row';
import { FavouriteLineAdd, focusNextLineQuantity, LINE_QUANTITY_BOX } from './favourite-line-add';
import type { FavouriteListRef } from './favourite-list-types';

const cellClass = 'block px-2 py-1 desktop:table-cell desktop:py-2 desktop:align-middle';
const fieldClass =
  'h-11 rounded-md border border-line bg-surface-raised px-2 text-fg focus:border-brand focus:outline-2 focus:outline-brand/40';

/** The units the line can be set to: the product's units, or just its own while they are unknown. */
function unitChoices(item: FavouriteListItem, units: Unit[] | null): Unit[] {
  if (!units || !item.product) return units?.filter((unit) => unit.id === item.unit) ?? [];
  try {
    return orderableUnits(item.product, units);
  } catch {
    return units.filter((unit) => unit.id === item.unit);
  }
}

/**
 * One line: select box, product, price of one unit, stock, quantity and unit (owner), its own add
 * button, remove (owner).
 */
export function FavouriteListLine({
  list,
  item,
  units,
  editable,
  guides,
}: {
  list: FavouriteListRef;
  item: FavouriteListItem;
  units: Unit[] | null;
  editable: boolean;
  /** the owner may set the line's par level and shelf (capability `orderGuides`, own list) */
  guides: boolean;
}) {
  const { t, i18n } = useTranslation();
  const basis = usePriceBasis();
  const shown = useSelector(list, (s) => selectShownLine(s, item.productId), shallowLine);
  const selected = useSelector(list, (s) => selectSelectedIds(s).includes(item.productId));
  const canChange = useSelector(list, selectCanChangeList);
  const messageId = useId();
  const product = item.product;
  const name = product?.name ?? t('favourites.list.unknownProduct', { id: item.productId });
  const unit = units?.find((candidate) => candidate.id === shown.unit) ?? null;
  const choices = unitChoices(item, units);
  const productId = item.productId;
  const addLine = useRef<(() => void) | null>(null);
  // Enter adds the line as shown and moves on to the next line; the list's own save still follows the
  // typing debounce, so Enter changes nothing about it. Invalid text stays put with its message.
  const onQuantityKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (shown.invalid) return;
    addLine.current?.();
    focusNextLineQuantity(event.currentTarget);
  };

  return (
    <tr className="mb-3 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 rounded-md border border-line bg-surface-raised p-2 desktop:mb-0 desktop:table-row desktop:rounded-none desktop:border-x-0 desktop:border-t-0 desktop:p-0">
      {/* one row per cell on a phone: the order guide's fields add one */}
      <td className={`${cellClass} ${guides ? 'row-span-8' : 'row-span-7'}`}>
        <label className="tap-target inline-flex items-center justify-center">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => list.send({ type: 'line.toggled', productId })}
            aria-label={t('favourites.list.selectLine', { name })}
            className="size-5 accent-brand"
          />
        </label>
      </td>
      <td className={cellClass}>
        <div className="flex items-center gap-3">
          <ProductImage src={product?.image ?? null} alt="" className="size-12 shrink-0 object-contain" />
          <div className="min-w-0">
            <p className="font-medium">
              <bdi dir="auto">{name}</bdi>
            </p>
            {product && <p className="text-sm text-fg-muted">{product.stockCode}</p>}
          </div>
        </div>
      </td>
      <td className={cellClass}>
        {product && (
          <span className="inline-flex flex-wrap items-baseline gap-1">
            <Price current={priceInUnit(product, shown.unit, basis, units).toString()} />
            {unit && (
              <span className="text-sm text-fg-muted">
                {t('favourites.list.pricePer', { unit: unit.name })}
              </span>
            )}
          </span>
        )}
      </td>
      <td className={cellClass}>
        <StockText item={item} />
      </td>
      <td className={cellClass}>
        {editable && product ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <input
                type="text"
                inputMode="numeric"
                value={shown.quantityText}
                onChange={(event) =>
                  list.send({ type: 'line.quantityTyped', productId, text: event.target.value })
                }
                onKeyDown={onQuantityKeyDown}
                {...{ [LINE_QUANTITY_BOX]: '' }}
                aria-label={t('favourites.list.quantityOf', { name })}
                aria-invalid={shown.invalid}
                aria-describedby={shown.invalid ? messageId : undefined}
                className={`${fieldClass} w-20 text-end`}
              />
              {shown.saving && (
                <span role="status" className="inline-flex items-center">
                  <Spinner className="size-4" />
                  <span className="sr-only">{t('favourites.list.saving')}</span>
                </span>
              )}
            </div>
            {shown.invalid && (
              <p id={messageId} className="text-sm text-danger">
                {t('quantity.invalidAmount')}
              </p>
            )}
          </div>
        ) : (
          <span>{shown.quantityText}</span>
        )}
      </td>
      <td className={cellClass}>
        {editable && product ? (
          <select
            value={shown.unit}
            onChange={(event) =>
              list.send({ type: 'line.unitChanged', productId, unit: Number(event.target.value) })
            }
            aria-label={t('favourites.list.unitOf', { name })}
            className={fieldClass}
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.namePlural}
              </option>
            ))}
          </select>
        ) : (
          <span>
            {lineUnitName(
              { quantity: String(shown.quantity ?? item.quantity), unit: shown.unit },
              units,
              i18n.language,
            )}
          </span>
        )}
      </td>
      {guides && (
        <td className={`${cellClass} col-start-2`}>
          {product && <GuideFields list={list} productId={productId} name={name} />}
        </td>
      )}
      <td className={cellClass}>
        {product && (
          <FavouriteLineAdd product={product} quantity={shown.quantity} unit={shown.unit} handle={addLine} />
        )}
      </td>
      {editable && (
        <td className={cellClass}>
          <button
            type="button"
            disabled={!canChange}
            onClick={() => list.send({ type: 'line.removeRequested', productId })}
            aria-label={t('favourites.list.removeLine', { name })}
            className="tap-target inline-flex items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-danger disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </td>
      )}
      {shown.refusal && (
        <td className={`${cellClass} col-span-2 desktop:table-cell`}>
          <div role="alert" className="flex flex-wrap items-center gap-2 text-danger">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            <span>{t(`favourites.list.errors.${shown.refusal}`)}</span>
            <button
              type="button"
              onClick={() => list.send({ type: 'line.retried', productId })}
              className="tap-target inline-flex items-center gap-1 rounded-md border border-line px-2 font-medium text-fg hover:bg-surface-sunken"
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {t('common.tryAgain')}
            </button>
          </div>
        </td>
      )}
    </tr>
  );
}

const shallowLine = (a: ReturnType<typeof selectShownLine>, b: ReturnType<typeof selectShownLine>) =>
  a.quantityText === b.quantityText &&
  a.quantity === b.quantity &&
  a.unit === b.unit &&
  a.invalid === b.invalid &&
  a.saving === b.saving &&
  a.refusal === b.refusal &&
  a.parText === b.parText &&
  a.shelfText === b.shelfText &&
  a.parError === b.parError &&
  a.shelfError === b.shelfError;

/** Equality for the order guide's fields only, so typing a quantity does not re-render them. */
const sameGuide = (a: ReturnType<typeof selectShownLine>, b: ReturnType<typeof selectShownLine>) =>
  a.parText === b.parText &&
  a.shelfText === b.shelfText &&
  a.parError === b.parError &&
  a.shelfError === b.shelfError;

/**
 * A line's par level (decimal keyboard) and shelf (number keyboard), saved with the line after the
 * typing pauses; an invalid value says why under its field and is not saved.
 */
function GuideFields({ list, productId, name }: { list: FavouriteListRef; productId: number; name: string }) {
  const { t } = useTranslation();
  const shown = useSelector(list, (s) => selectShownLine(s, productId), sameGuide);
  const parMessage = useId();
  const shelfMessage = useId();
  return (
    <div className="flex flex-wrap items-start gap-2">
      <label className="flex flex-col gap-1">
        <span aria-hidden="true" className="text-sm text-fg-muted">
          {t('orderGuide.parLevel')}
        </span>
        <input
          type="text"
          inputMode="decimal"
          value={shown.parText}
          onChange={(event) =>
            list.send({ type: 'line.guideTyped', productId, field: 'parLevel', text: event.target.value })
          }
          aria-label={t('orderGuide.parLevelOf', { name })}
          aria-invalid={shown.parError !== null}
          aria-describedby={shown.parError ? parMessage : undefined}
          className={`${fieldClass} w-24 text-end`}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span aria-hidden="true" className="text-sm text-fg-muted">
          {t('orderGuide.shelf')}
        </span>
        <input
          type="text"
          inputMode="numeric"
          value={shown.shelfText}
          onChange={(event) =>
            list.send({
              type: 'line.guideTyped',
              productId,
              field: 'shelfPosition',
              text: event.target.value,
            })
          }
          aria-label={t('orderGuide.shelfOf', { name })}
          aria-invalid={shown.shelfError !== null}
          aria-describedby={shown.shelfError ? shelfMessage : undefined}
          className={`${fieldClass} w-16 text-end`}
        />
      </label>
      {shown.parError && (
        <p id={parMessage} className="basis-full text-sm text-danger">
          {t(shown.parError as 'orderGuide.parInvalid')}
        </p>
      )}
      {shown.shelfError && (
        <p id={shelfMessage} className="basis-full text-sm text-danger">
          {t(shown.shelfError as 'orderGuide.shelfInvalid')}
        </p>
      )}
    </div>
  );
}

/** The rows' stock figure ("24 in stock", "Only 3 left", "Out of stock"), or "No longer sold". */
function StockText({ item }: { item: FavouriteListItem }) {
  const { t } = useTranslation();
  if (!item.product)
    return (
      <span className="text-fg-muted">
        {t(item.unavailable ? 'favourites.list.notAvailable' : 'favourites.list.noLongerSold')}
      </span>
    );
  // withheld only from demo accounts, which have no favourite lists: the figure says nothing then
  return <StockFigure product={item.product} t={t} />;
}
