import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDayMonthYear } from '../../../domain/dates';
import type { FavouriteListSummary } from '../../../domain/types';
import { paths } from '../../app/routes';
import { ColumnHeader } from '../../components/column-header';
import { FavouriteListsBadges } from './favourite-lists-badges';

/** One group of lists: name (a link), products, shared or private, owner (colleagues' lists) and last change. */
export function FavouriteListsTable({
  lists,
  caption,
  showOwner = false,
}: {
  lists: FavouriteListSummary[];
  caption: string;
  showOwner?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-surface-raised">
      <table className="w-full text-start">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sunken text-fg-muted">
          <tr>
            <ColumnHeader label={t('favourites.index.name')} />
            <ColumnHeader label={t('favourites.index.products')} align="end" />
            <ColumnHeader label={t('favourites.index.visibility')} hideBelow="sm" />
            {showOwner && <ColumnHeader label={t('favourites.index.owner')} />}
            <ColumnHeader label={t('favourites.index.updated')} hideBelow="desktop" />
          </tr>
        </thead>
        <tbody>
          {lists.map((list) => (
            <tr key={list.id} className="border-t border-line align-middle">
              <td className="px-3 py-1">
                <Link
                  href={paths.favouriteList(list.id)}
                  className="tap-target inline-flex items-center font-medium text-brand hover:underline"
                >
                  <bdi dir="auto">{list.name}</bdi>
                </Link>
                {/* on a phone the badges sit under the name */}
                <FavouriteListsBadges list={list} className="sm:hidden" />
              </td>
              <td className="px-3 py-1 text-end tabular-nums">{list.productIds.length}</td>
              <td className="px-3 py-1 max-sm:hidden">
                <FavouriteListsBadges list={list} />
              </td>
              {showOwner && (
                <td className="px-3 py-1">
                  <bdi dir="auto">{list.owner.name}</bdi>
                </td>
              )}
              <td className="px-3 py-1 tabular-nums max-desktop:hidden">
                {formatDayMonthYear(list.updatedAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
