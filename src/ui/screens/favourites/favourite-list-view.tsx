import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  bindFavouriteList,
  selectFavouriteList,
  selectFavouriteListStatus,
  selectShownItems,
} from '../../../machines/favourites';
import { paths } from '../../app/routes';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { MakeStandingOrderLink } from '../standing-orders/make-standing-order-link';
import { FavouriteListHeader } from './favourite-list-header';
import { FavouriteListLines } from './favourite-list-lines';
import { FavouriteListToolbar } from './favourite-list-toolbar';
import type { FavouriteListRef } from './favourite-list-types';
import { FavouriteListUndo } from './favourite-list-undo';
import { StockTakeLink } from './stock-take-link';

/** The list's screen: loads it, then its name and settings, the toolbar and the lines. */
export function FavouriteListView({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const list: FavouriteListRef = useActorRef(useBoundMachine(bindFavouriteList), {
    ...usePortalInspection(),
    input: { listId },
  });
  const status = useSelector(list, selectFavouriteListStatus);
  const hasList = useSelector(list, (s) => selectFavouriteList(s) !== null);
  const lineCount = useSelector(list, (s) => selectShownItems(s).length);

  // a deleted list has nothing left to show: back to the lists
  useEffect(() => {
    if (status === 'deleted') navigate(paths.favourites);
  }, [status, navigate]);

  return (
    <div className="flex flex-col gap-4">
      <Link
        href={paths.favourites}
        className="tap-target inline-flex items-center gap-2 self-start font-medium text-brand hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('favourites.list.back')}
      </Link>
      {status === 'loading' && <LoadingState label={t('favourites.list.loading')} />}
      {status === 'failed' && (
        <ErrorState
          message={t('favourites.list.loadFailed')}
          onRetry={() => list.send({ type: 'favouriteList.retried' })}
        />
      )}
      {status === 'notFound' && (
        <div className="flex flex-col items-start gap-3">
          <PageTitle>{t('favourites.list.notFoundTitle')}</PageTitle>
          <p className="flex items-center gap-2 text-fg-muted">
            <SearchX aria-hidden="true" className="size-5 shrink-0" />
            {t('favourites.list.notFound')}
          </p>
        </div>
      )}
      {status === 'loaded' && hasList && (
        <>
          <FavouriteListHeader list={list} />
          <StockTakeLink list={list} />
          <FavouriteListUndo list={list} />
          <MakeStandingOrderLink source={{ kind: 'list', listId }} />
          {lineCount === 0 ? (
            <EmptyState>{t('favourites.list.empty')}</EmptyState>
          ) : (
            <>
              <FavouriteListToolbar list={list} />
              <FavouriteListLines list={list} />
            </>
          )}
        </>
      )}
    </div>
  );
}
