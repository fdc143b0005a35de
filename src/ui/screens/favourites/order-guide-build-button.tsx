import { useActorRef, useSelector } from '@xstate/react';
import { ClipboardList, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  bindOrderGuideBuild,
  selectBuildProblemKey,
  selectBuiltGuideId,
  selectIsBuildingGuide,
} from '../../../machines/favourites';
import { paths } from '../../app/routes';
import { RetryButton } from '../../components/retry-button';
import { Spinner } from '../../components/spinner';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';

/** "Build a guide from my orders": a new order guide of the last 90 days' orders, opened once made. */
export function OrderGuideBuildButton() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const offered = useCapability('orderGuides');
  const build = useActorRef(useBoundMachine(bindOrderGuideBuild), usePortalInspection());
  const building = useSelector(build, selectIsBuildingGuide);
  const builtId = useSelector(build, selectBuiltGuideId);
  const problemKey = useSelector(build, selectBuildProblemKey);

  useEffect(() => {
    if (builtId !== null) navigate(paths.favouriteList(builtId));
  }, [builtId, navigate]);

  if (!offered) return null;
  const name = t('orderGuide.buildName', {
    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date()),
  });
  return (
    <div className="flex flex-col gap-2 rounded-md border border-line p-3">
      <p className="text-fg-muted">{t('orderGuide.buildHint')}</p>
      <button
        type="button"
        disabled={building}
        onClick={() => build.send({ type: 'orderGuide.buildRequested', name })}
        className="tap-target inline-flex items-center justify-center gap-2 self-start rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
      >
        {building ? (
          <Spinner className="size-5 text-brand" />
        ) : (
          <ClipboardList aria-hidden="true" className="size-5" />
        )}
        {building ? t('orderGuide.building') : t('orderGuide.build')}
      </button>
      {problemKey && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-danger">
          <p className="min-w-0 flex-1">{t(problemKey)}</p>
          {problemKey === 'orderGuide.buildFailed' && (
            <RetryButton
              label={t('orderGuide.retry')}
              onClick={() => build.send({ type: 'orderGuide.retried' })}
            />
          )}
          <button
            type="button"
            aria-label={t('common.close')}
            className="tap-target inline-flex items-center justify-center rounded-md px-2 hover:bg-surface-sunken"
            onClick={() => build.send({ type: 'orderGuide.dismissed' })}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
    </div>
  );
}
