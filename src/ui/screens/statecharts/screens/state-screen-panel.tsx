import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectTheme } from '../../../../machines/app';
import { selectResourceStatus, selectResourceValue } from '../../../../machines/kernel/resource.selectors';
import { chartModel } from '../../../../studio/chart-model';
import {
  closestVariant,
  type FlowScreenState,
  type FlowScreensManifest,
  flowScreensBinder,
  manifestToShow,
  partsOf,
  type VariantChoice,
  type VariantPart,
} from '../../../../studio/flow-screens.resource';
import { flowVersion } from '../../../../studio/flow-version';
import { catalogEntry, type MachineName } from '../../../../studio/machine-catalog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import {
  AppActorContext,
  useBoundMachine,
  usePortalInspection,
  usePreferencesRef,
} from '../../../hooks/use-app-actor';
import { useCapability } from '../../../hooks/use-capability';
import { StateScreenshot } from './state-screenshot';
import { VariantSwitch } from './variant-switch';

/**
 * What the customer sees in the chosen state: the screenshot of the machine's current version (or of
 * the newest run, taken on an older version, which it says), in the variant chosen (desktop or phone,
 * light or dark, English or Arabic), or why there is none. The screenshots are the server's
 * (`npm run flows:screens`), so the panel shows only inside the signed-in portal, and not at all on
 * a backend without the studio's calls.
 */
export function StateScreenPanel({ name, stateId }: { name: MachineName; stateId: string | undefined }) {
  // The diagram and the simulator also render on their own (their tests, the docs): nothing to ask then.
  if (!useContext(AppActorContext)) return null;
  return <ScreensOfStudio name={name} stateId={stateId} />;
}

function ScreensOfStudio({ name, stateId }: { name: MachineName; stateId: string | undefined }) {
  return useCapability('studio') ? <ScreensPanel key={name} name={name} stateId={stateId} /> : null;
}

function ScreensPanel({ name, stateId }: { name: MachineName; stateId: string | undefined }) {
  const { t, i18n } = useTranslation('studio');
  const headingId = useId();
  const manifests = useActorRef(useBoundMachine(flowScreensBinder(name)), usePortalInspection());
  const status = useSelector(manifests, selectResourceStatus<FlowScreensManifest[]>);
  const list = useSelector(manifests, selectResourceValue<FlowScreensManifest[]>);
  useEffect(() => {
    manifests.send({ type: 'resource.load' });
  }, [manifests]);
  const machine = catalogEntry(name)?.machine;
  const currentVersion = useMemo(() => (machine ? flowVersion(chartModel(machine)) : ''), [machine]);
  const shown = list ? manifestToShow(list, currentVersion) : undefined;

  // a backend without the studio's calls: the panel leaves itself out
  if ((status as string) === 'unavailable') return null;

  let body: React.ReactNode;
  if (status === 'rejected')
    body = (
      <ErrorState message={t('screens.failed')} onRetry={() => manifests.send({ type: 'resource.load' })} />
    );
  else if (!list) body = <LoadingState label={t('screens.loading')} />;
  else if (!shown) body = <p className="text-sm text-fg-muted">{t('screens.none')}</p>;
  else if (!stateId) body = <p className="text-sm text-fg-muted">{t('screens.chooseState')}</p>;
  else
    body = (
      <>
        <RunNote manifest={shown.manifest} older={shown.older} language={i18n.resolvedLanguage} />
        <StateShots
          machine={name}
          version={shown.manifest.version}
          stateId={stateId}
          state={shown.manifest.states[stateId]}
        />
      </>
    );

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h2 id={headingId} className="text-sm font-semibold text-fg">
        {t('screens.heading')}
        {stateId ? (
          <span className="ms-2 font-mono text-xs font-normal break-all text-fg-muted">{stateId}</span>
        ) : null}
      </h2>
      {body}
    </section>
  );
}

/** When the run was, and whether it was of an older version of the flow. */
function RunNote({
  manifest,
  older,
  language,
}: {
  manifest: FlowScreensManifest;
  older: boolean;
  language: string | undefined;
}) {
  const { t } = useTranslation('studio');
  const taken = new Date(manifest.takenAt);
  const date = Number.isNaN(taken.getTime())
    ? manifest.takenAt
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(taken);
  return (
    <p className="text-xs text-fg-muted">
      {older ? (
        <span className="me-1 rounded-sm bg-brand-soft px-1 font-medium text-fg">{t('screens.older')}</span>
      ) : null}
      {t('screens.takenAt', { date })}
    </p>
  );
}

/** The studio's own theme and language, where a shot was taken in them: the first variant shown. */
function useStudioChoice(): VariantChoice {
  const { i18n } = useTranslation('studio');
  const theme = useSelector(usePreferencesRef(), selectTheme);
  return {
    device: 'desktop',
    theme: theme === 'dark' ? 'dark' : 'light',
    language: i18n.resolvedLanguage === 'ar' ? 'ar' : 'en',
  };
}

function StateShots({
  machine,
  version,
  stateId,
  state,
}: {
  machine: MachineName;
  version: string;
  stateId: string;
  state: FlowScreenState | undefined;
}) {
  const { t, i18n } = useTranslation('studio');
  const studio = useStudioChoice();
  const [wanted, setWanted] = useState<{ choice: VariantChoice; keep: VariantPart } | null>(null);

  // a state the run's version did not have is one it could not reach
  if (!state || !('variants' in state)) {
    if (state?.reason === 'no-screen')
      return (
        <p className="text-sm">
          {state.detail ? t('screens.noScreen', { detail: state.detail }) : t('screens.noScreenPlain')}
        </p>
      );
    return (
      <div className="flex flex-col gap-1 text-sm">
        <p>{t('screens.notReached')}</p>
        {state?.detail ? (
          <p className="text-xs break-words text-fg-muted">
            {t('screens.failedOnTheWay', { titles: state.detail })}
          </p>
        ) : null}
      </div>
    );
  }

  const variant = closestVariant(state.variants, wanted?.choice ?? studio, wanted?.keep);
  if (!variant) return <p className="text-sm">{t('screens.notReached')}</p>;
  const shown = partsOf(variant);
  const taken = state.variants.map((each) => partsOf(each as typeof variant));
  const available = {
    device: new Set(taken.map((parts) => parts.device)),
    theme: new Set(taken.map((parts) => parts.theme)),
    language: new Set(taken.map((parts) => parts.language)),
  };
  const words = new Intl.ListFormat(i18n.resolvedLanguage, { style: 'short', type: 'unit' }).format([
    t(`screens.${shown.device}`),
    t(`screens.${shown.theme}`),
    t(`screens.${shown.language}`),
  ]);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <VariantSwitch
        shown={shown}
        available={available}
        onChoose={(part, value) => setWanted({ choice: { ...shown, [part]: value }, keep: part })}
      />
      <StateScreenshot
        key={variant}
        shot={{ machine, version, stateId, variant }}
        alt={t('screens.alt', { machine, state: stateId, variant: words })}
        phone={shown.device === 'phone'}
      />
    </div>
  );
}
