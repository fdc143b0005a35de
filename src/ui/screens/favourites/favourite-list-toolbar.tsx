import { useActorRef, useSelector } from '@xstate/react';
import { Download, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  bindFavouriteListToCart,
  sameCartLines,
  selectCartLines,
  selectSelectedIds,
  selectToCartBusy,
  selectToCartMode,
} from '../../../machines/favourites';
import { CartModeChoice } from '../../components/cart-mode-choice';
import { Spinner } from '../../components/spinner';
import { usePriceBasis, useUnits } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useConfiguration } from '../../hooks/use-configuration';
import { FavouriteListScan } from './favourite-list-scan';
import { FavouriteListToCartReport } from './favourite-list-to-cart-report';
import type { FavouriteListRef } from './favourite-list-types';

const buttonClass =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60';

/**
 * Add all (or the selected lines) to the cart, adding to or replacing what the cart holds of a product,
 * export the list as CSV; what the cart took is reported below.
 */
export function FavouriteListToolbar({ list }: { list: FavouriteListRef }) {
  const { t, i18n } = useTranslation();
  const toCart = useActorRef(useBoundMachine(bindFavouriteListToCart), usePortalInspection());
  const busy = useSelector(toCart, selectToCartBusy);
  const mode = useSelector(toCart, selectToCartMode);
  const selectedCount = useSelector(list, (s) => selectSelectedIds(s).length);
  const basis = usePriceBasis();
  const units = useUnits();
  const decimalPlaces = useConfiguration()?.moneyDecimalPlaces ?? 2;

  const allLines = useSelector(list, (s) => selectCartLines(s, false), sameCartLines);
  const selectedLines = useSelector(list, (s) => selectCartLines(s, true), sameCartLines);

  const add = (selectedOnly: boolean) =>
    toCart.send({ type: 'toCart.requested', lines: selectedOnly ? selectedLines : allLines });
  const exportCsv = () =>
    list.send({
      type: 'favouriteList.exportRequested',
      headers: {
        stockCode: t('favourites.list.csv.stockCode'),
        product: t('favourites.list.csv.product'),
        quantity: t('favourites.list.csv.quantity'),
        unit: t('favourites.list.csv.unit'),
        unitPrice: t('favourites.list.csv.unitPrice'),
        stock: t('favourites.list.csv.stock'),
      },
      decimalPlaces,
      basis,
      units,
      noLongerSold: t('favourites.list.noLongerSold'),
      // the file's numbers as the screen shows them: this language's decimal separator
      language: i18n.resolvedLanguage ?? i18n.language,
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => add(false)}
          className="tap-target inline-flex items-center gap-2 rounded-md bg-brand px-3 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
        >
          {busy ? <Spinner className="size-4" /> : <ShoppingCart aria-hidden="true" className="size-4" />}
          {t('favourites.list.addAll')}
        </button>
        <button
          type="button"
          disabled={busy || selectedCount === 0}
          onClick={() => add(true)}
          className={buttonClass}
        >
          {t('favourites.list.addSelected', { count: selectedCount })}
        </button>
        <FavouriteListScan list={list} />
        <button type="button" onClick={exportCsv} className={`${buttonClass} ms-auto`}>
          <Download aria-hidden="true" className="size-4" />
          {t('favourites.list.exportCsv')}
        </button>
      </div>
      <CartModeChoice
        value={mode}
        disabled={busy}
        onChange={(chosen) => toCart.send({ type: 'toCart.modeChosen', mode: chosen })}
      />
      {busy && (
        <p role="status" className="text-fg-muted">
          {t('favourites.list.adding')}
        </p>
      )}
      <FavouriteListToCartReport toCart={toCart} />
    </div>
  );
}
