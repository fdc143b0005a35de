import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeft, ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Unit } from '../../../domain/types';
import {
  bindStockTake,
  selectStockTakeError,
  selectStockTakeListName,
  selectStockTakeStep,
} from '../../../machines/favourites';
import { paths } from '../../app/routes';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { StockTakeCounting } from './stock-take-counting';
import { StockTakeReview } from './stock-take-review';

/** The stock-take of one order guide: count, review what to order, fill the cart. */
export function StockTakeView({ listId, units }: { listId: number; units: Unit[] }) {
  const { t } = useTranslation();
  const stockTake = useActorRef(useBoundMachine(bindStockTake), {
    ...usePortalInspection(),
    input: { listId, units },
  });
  const step = useSelector(stockTake, selectStockTakeStep);
  const name = useSelector(stockTake, selectStockTakeListName);
  const error = useSelector(stockTake, selectStockTakeError);

  return (
    <div className="flex flex-col gap-4">
      <Link
        href={paths.favouriteList(listId)}
        className="tap-target inline-flex items-center gap-2 self-start font-medium text-brand hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('orderGuide.backToList')}
      </Link>
      <PageTitle>
        <span className="inline-flex items-center gap-2">
          <ClipboardList aria-hidden="true" className="size-6 shrink-0" />
          {t('orderGuide.stockTake')}
          {name && (
            <>
              {': '}
              <bdi dir="auto">{name}</bdi>
            </>
          )}
        </span>
      </PageTitle>
      {step === 'loading' && <LoadingState label={t('orderGuide.loading')} />}
      {step === 'failed' && (
        <ErrorState
          message={error?.status === 404 ? t('favourites.list.notFound') : t('orderGuide.failed')}
          onRetry={() => stockTake.send({ type: 'stockTake.retried' })}
        />
      )}
      {step === 'noParLevels' && <p className="text-fg-muted">{t('orderGuide.noParLevels')}</p>}
      {step === 'counting' && <StockTakeCounting stockTake={stockTake} units={units} />}
      {(step === 'reviewing' || step === 'adding' || step === 'addFailed' || step === 'added') && (
        <StockTakeReview stockTake={stockTake} units={units} />
      )}
    </div>
  );
}
