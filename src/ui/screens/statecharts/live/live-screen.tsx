import { useActorRef, useSelector } from '@xstate/react';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindLiveInspection,
  selectChosenActorId,
  selectFollowedTab,
  selectFollowedTabGone,
  selectIsWaiting,
  selectTabs,
  shownActorOf,
} from '../../../../machines/studio';
import { PageTitle } from '../../../components/page-title';
import { useInspectionTab } from '../../../hooks/use-app-actor';
import { LiveActors } from './live-actors';
import { LiveDiagram } from './live-diagram';
import { LiveEventLog } from './live-event-log';
import { LiveTabChooser } from './live-tab-chooser';

/** Bound once: the channel is the browser's BroadcastChannel (the studio is a lazy chunk of its own). */
const liveMachine = bindLiveInspection();

/** A tab id for a studio whose portal has no inspection bridge (tests). */
const fallbackTab = () => `studio-${Math.random().toString(36).slice(2, 10)}`;

/**
 * /statecharts/live/ (the studio's Live view): the real portal's actors in another tab of this browser, over
 * the `portal-statecharts` BroadcastChannel. Only state and event names arrive, and only from this browser.
 */
export function LiveScreen() {
  const { t } = useTranslation('studio');
  const bridgeTab = useInspectionTab();
  const [self] = useState(() => bridgeTab ?? fallbackTab());
  const live = useActorRef(liveMachine, { input: { self } });
  const waiting = useSelector(live, selectIsWaiting);
  const tab = useSelector(live, selectFollowedTab);
  const gone = useSelector(live, selectFollowedTabGone);
  const tabs = useSelector(live, selectTabs);
  const chosen = useSelector(live, selectChosenActorId);
  const shown = shownActorOf(tab, chosen);

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="live-heading">
      <div>
        <PageTitle>
          <span id="live-heading">{t('nav.live')}</span>
        </PageTitle>
        <p className="-mt-2 max-w-3xl text-fg-muted">{t('live.intro')}</p>
      </div>
      {waiting || !tab ? (
        <div className="flex max-w-2xl flex-col items-start gap-3 rounded-lg border border-dashed border-line bg-surface-raised p-6">
          <h2 className="text-lg font-semibold">{t('live.waiting.title')}</h2>
          <p className="text-fg-muted">{t('live.waiting.body')}</p>
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-2 rounded-md bg-brand px-4 py-2 font-medium text-brand-contrast hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {t('live.waiting.open')}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
          <p className="text-sm text-fg-muted">{t('live.privacy')}</p>
        </div>
      ) : (
        <>
          <LiveTabChooser
            tabs={tabs}
            followed={tab.id}
            gone={gone}
            onChoose={(id) => live.send({ type: 'live.tabChosen', tab: id })}
          />
          <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)]">
            <LiveActors
              tab={tab}
              shownId={shown?.id ?? null}
              onChoose={(id) => live.send({ type: 'live.actorChosen', actor: id })}
            />
            <LiveDiagram actor={shown} />
          </div>
          <LiveEventLog tab={tab} onClear={() => live.send({ type: 'live.logCleared' })} />
          <p className="text-sm text-fg-muted">{t('live.privacy')}</p>
        </>
      )}
    </section>
  );
}
