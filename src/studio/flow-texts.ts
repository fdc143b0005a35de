import type { FlatNamespace, TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../ui/app/i18n';
import type { MachineName } from './machine-catalog';

/**
 * Each state in the product owner's words: the `flows` namespace (src/locales/flows/<lang>.json),
 * `states.<machine name>.<state id without the machine's root>` ("form.editing": the key keeps its
 * dots). One chunk per language, loaded with the studio and never with the login route, like the
 * studio's own texts. The source `description`s say the same for developers; production builds
 * leave those out, these texts stay.
 */
const flowTexts = import.meta.glob<Record<string, unknown>>('../locales/flows/*.json', {
  import: 'default',
});

/** Settles when the texts of the languages loaded so far are in (tests wait for it). */
export const flowTextsAdded = addTexts(
  'flows',
  async (language) => (await flowTexts[`../locales/flows/${language}.json`]?.()) ?? {},
);

/** A state's key within its machine: `checkout.form.editing` → `form.editing`; the root has none. */
export function flowStateKey(stateId: string): string | undefined {
  const dot = stateId.indexOf('.');
  return dot < 0 || dot === stateId.length - 1 ? undefined : stateId.slice(dot + 1);
}

// State keys hold dots, so the lookup splits the path on a character no machine or state name has.
const separator = '|';
const flowsNamespace = 'flows';

/** The namespace's file shape; its keys are built from state ids at run time, so it is not typed. */
export interface FlowTexts {
  states: Record<string, Record<string, string>>;
}

/**
 * Not suspending: the screens that show these texts are on screen already, and a description that
 * arrives a moment later is better than the studio's loading fallback. `added` re-renders when the
 * chunk lands after the first render.
 */
const options = { useSuspense: false, bindI18nStore: 'added' } as const;

type DescribeState = (stateId: string) => string | undefined;

function describeWith(t: TFunction, name: MachineName | undefined): DescribeState {
  return (stateId) => {
    const key = flowStateKey(stateId);
    if (!name || !key) return undefined;
    const path = ['states', name, key].join(separator);
    const text: unknown = t(path as never, { keySeparator: separator, defaultValue: '' } as never);
    return typeof text === 'string' && text ? text : undefined;
  };
}

/**
 * Every state's description of one machine, for views that show many (the diagram's tooltips):
 * a function from the full state id to its text in the current language (English where a language
 * lacks it), undefined while the texts load, for a state without one, or without a machine.
 */
export function useStateDescriptions(name: MachineName | undefined): DescribeState {
  // a new `t` comes with each language and each chunk that lands
  const { t } = useTranslation(flowsNamespace as FlatNamespace, options);
  return useMemo(() => describeWith(t as TFunction, name), [t, name]);
}

/** One state's description (`stateId` is the full id, `checkout.form.editing`). */
export function useStateDescription(name: MachineName, stateId: string): string | undefined {
  return useStateDescriptions(name)(stateId);
}
