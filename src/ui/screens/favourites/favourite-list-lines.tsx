import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectAllSelected, selectIsListEditable, selectShownItems } from '../../../machines/favourites';
import { useUnits } from '../../hooks/cart-hooks';
import { useCapability } from '../../hooks/use-capability';
import { FavouriteListLine } from './favourite-list-line';
import type { FavouriteListRef } from './favourite-list-types';

const headClass = 'px-2 py-2 text-start font-medium text-fg-muted';

/**
 * The list's lines: a table on wide screens, one card per line on phones (the rows stack). The
 * select-all box heads the selection column.
 */
export function FavouriteListLines({ list }: { list: FavouriteListRef }) {
  const { t } = useTranslation();
  const items = useSelector(list, selectShownItems);
  const allSelected = useSelector(list, selectAllSelected);
  const editable = useSelector(list, selectIsListEditable);
  const units = useUnits();
  // par levels and shelves are the owner's to set, on a backend with order guides
  const guides = useCapability('orderGuides') && editable;
  return (
    <table className="block w-full desktop:table">
      <thead className="block desktop:table-header-group">
        <tr className="flex items-center gap-2 border-b border-line desktop:table-row">
          <th scope="col" className={headClass}>
            <label className="tap-target inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={() => list.send({ type: 'lines.allToggled' })}
                className="size-5 accent-brand"
              />
              <span className="desktop:sr-only">{t('favourites.list.selectAll')}</span>
            </label>
          </th>
          <th scope="col" className={`${headClass} hidden desktop:table-cell`}>
            {t('favourites.list.colProduct')}
          </th>
          <th scope="col" className={`${headClass} hidden desktop:table-cell`}>
            {t('favourites.list.colPrice')}
          </th>
          <th scope="col" className={`${headClass} hidden desktop:table-cell`}>
            {t('favourites.list.colStock')}
          </th>
          <th scope="col" className={`${headClass} hidden desktop:table-cell`}>
            {t('favourites.list.colQuantity')}
          </th>
          <th scope="col" className={`${headClass} hidden desktop:table-cell`}>
            {t('favourites.list.colUnit')}
          </th>
          {guides && (
            <th scope="col" className={`${headClass} hidden desktop:table-cell`}>
              {t('orderGuide.column')}
            </th>
          )}
          {/* the add buttons' column: each button says what it adds */}
          <td aria-hidden="true" className="hidden desktop:table-cell" />
          {/* the remove buttons' column: each button says what it removes */}
          {editable && <td aria-hidden="true" className="hidden desktop:table-cell" />}
        </tr>
      </thead>
      <tbody className="block desktop:table-row-group">
        {items.map((item) => (
          <FavouriteListLine
            key={item.productId}
            list={list}
            item={item}
            units={units}
            editable={editable}
            guides={guides}
          />
        ))}
      </tbody>
    </table>
  );
}
