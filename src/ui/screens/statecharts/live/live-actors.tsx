import { useTranslation } from 'react-i18next';
import {
  type ActorTreeNode,
  actorLabel,
  actorTreeOf,
  type LiveTab,
  statePaths,
  type WatchedActor,
  watchedActorsOf,
} from '../../../../machines/studio';

interface LiveActorsProps {
  tab: LiveTab;
  /** the actor whose diagram is shown */
  shownId: string | null;
  onChoose: (id: string) => void;
}

/** The named actors' current states (session, cart, each line, checkout, search), and every running actor. */
export function LiveActors({ tab, shownId, onChoose }: LiveActorsProps) {
  const { t } = useTranslation('studio');
  const watched = watchedActorsOf(tab);
  const tree = actorTreeOf(tab);
  const nameOf = (actor: WatchedActor) =>
    actor.machine === 'cartLine'
      ? t('live.actors.cartLine', { product: actor.product })
      : t(`live.actors.${actor.machine}`);
  return (
    <section
      aria-labelledby="live-actors-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface-raised p-4"
    >
      <h2 id="live-actors-heading" className="font-semibold">
        {t('live.actors.heading')}
      </h2>
      {watched.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('live.actors.none')}</p>
      ) : (
        <ul aria-labelledby="live-actors-heading" className="flex flex-col gap-1.5">
          {watched.map((actor) => (
            <li key={actor.id}>
              <button
                type="button"
                aria-pressed={actor.id === shownId}
                onClick={() => onChoose(actor.id)}
                className="flex w-full flex-col items-start gap-0.5 rounded-md border border-line bg-surface px-3 py-2 text-start hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand aria-pressed:border-brand aria-pressed:bg-surface-sunken"
              >
                <span className="text-sm font-medium">
                  {nameOf(actor)}
                  {actor.qualifier && (
                    <span className="font-mono text-xs font-normal text-fg-muted"> · {actor.qualifier}</span>
                  )}
                </span>
                <span className="flex flex-wrap gap-1">
                  {actor.paths.map((path) => (
                    <code
                      key={path}
                      className="rounded bg-surface-sunken px-1.5 py-0.5 font-mono text-xs text-brand"
                    >
                      {path}
                    </code>
                  ))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-fg-muted hover:text-fg">
          {t('live.actors.all', { number: Object.keys(tab.actors).length })}
        </summary>
        <ActorTree nodes={tree} onChoose={onChoose} />
      </details>
    </section>
  );
}

function ActorTree({ nodes, onChoose }: { nodes: ActorTreeNode[]; onChoose: (id: string) => void }) {
  return (
    <ul className="ms-3 border-s border-line ps-2">
      {nodes.map(({ actor, children }) => (
        <li key={actor.id} className="py-0.5">
          <button
            type="button"
            onClick={() => onChoose(actor.id)}
            className="rounded px-1 text-start font-mono text-xs hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand"
          >
            {actorLabel(actor)}
            {actor.value !== null && (
              <span className="text-fg-muted"> · {statePaths(actor.value).join(', ')}</span>
            )}
          </button>
          {children.length > 0 && <ActorTree nodes={children} onChoose={onChoose} />}
        </li>
      ))}
    </ul>
  );
}
